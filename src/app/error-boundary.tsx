import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * The global fallback: any rendering error below it, including a lazily loaded chunk
 * that fails to download, replaces the page with the French error screen.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Erreur de rendu', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
