import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, CardTitle } from '@tht/ui';

type Props = { title: string; onRetry: () => void; children: ReactNode };
type State = { error: Error | null };

/**
 * Keeps a failing remote (unreachable, or throwing while rendering) inside its own tab: shows what
 * failed and a Retry button; the shell and the other tabs keep working.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.title} failed to load`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Card role="alert" aria-labelledby="remote-error-title">
        <CardTitle id="remote-error-title">{this.props.title} could not be loaded</CardTitle>
        <p>This part of the application is unavailable right now. The rest of the application still works.</p>
        <p>
          <small>{this.state.error.message}</small>
        </p>
        <Button onClick={this.props.onRetry}>Retry</Button>
      </Card>
    );
  }
}
