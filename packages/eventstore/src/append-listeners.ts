/**
 * The listeners of `onAppended`: calls are coalesced so a burst of appends wakes each listener
 * once, and one listener throwing never stops the others.
 */
export class AppendListeners {
  private readonly listeners = new Set<() => void>();
  private scheduled = false;

  get size(): number {
    return this.listeners.size;
  }

  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  notify(): void {
    if (this.scheduled || this.listeners.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      for (const listener of [...this.listeners]) {
        try {
          listener();
        } catch (error) {
          console.error('An event store onAppended listener failed', error);
        }
      }
    });
  }

  clear(): void {
    this.listeners.clear();
  }
}
