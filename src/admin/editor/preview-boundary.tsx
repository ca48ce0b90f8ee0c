import { Component, type ReactNode } from 'react';

interface Props {
  /** The data being previewed: a new value retries a preview that failed. */
  data: unknown;
  children: ReactNode;
}

interface State {
  failedOn: unknown;
  failed: boolean;
}

/** A preview that throws (content still being typed) never takes the form down with it. */
export class PreviewBoundary extends Component<Props, State> {
  override state: State = { failedOn: undefined, failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.failed) return { failedOn: props.data };
    return props.data === state.failedOn ? null : { failed: false, failedOn: props.data };
  }

  override render() {
    if (this.state.failed) {
      return <p className="editor__preview-error">Aperçu indisponible pour ces valeurs.</p>;
    }
    return this.props.children;
  }
}
