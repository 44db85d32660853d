import { Component } from 'react';
import type { ErrorInfo, JSX, ReactNode } from 'react';
import { ErrorFallback } from './error-fallback.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing it clears a caught error, e.g. the path, so navigating away recovers. */
  resetKey?: string;
  /** Replaces the default fallback. */
  fallback?: (reset: () => void) => ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey: string | undefined;
}

/**
 * Keeps a failure inside one region of the page (top bar, main content, dialog) so the rest
 * stays usable.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Chorus region failed', error, info.componentStack);
  }

  readonly reset = (): void => {
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.reset) : <ErrorFallbackView onRetry={this.reset} />;
  }
}

function ErrorFallbackView(props: { onRetry: () => void }): JSX.Element {
  return <ErrorFallback onRetry={props.onRetry} />;
}
