import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';
import { reloadForStaleChunk, shouldReloadFor } from './stale-chunk.ts';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** The error is a page's code that failed to load: the page reloads once instead. */
  reloading: boolean;
}

/**
 * The global fallback: any rendering error below it, including a lazily loaded chunk
 * that fails to download, replaces the page with the French error screen. A chunk that fails to
 * download first reloads the page, once (stale-chunk.ts).
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, reloading: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, reloading: shouldReloadFor(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.state.reloading) reloadForStaleChunk();
    else console.error('Erreur de rendu', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.reloading) return null;
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
