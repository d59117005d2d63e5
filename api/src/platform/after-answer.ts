/**
 * Work a request leaves running after its answer is sent (a reset link mailed once the generic
 * answer is out). Shutdown waits for it, and tests wait for it before they count what a request did.
 */
export interface AfterAnswerWork {
  /** Starts `work` now; its failure is the caller's to handle inside `work`. */
  run(work: () => Promise<void>): void;
  /** Resolves once nothing started by `run` is still running. */
  idle(): Promise<void>;
}

export function createAfterAnswerWork(): AfterAnswerWork {
  const running = new Set<Promise<void>>();
  return {
    run(work) {
      const task = work().finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
