/**
 * What a message says and how assistive technology hears it: the one place that chooses between
 * `role="alert"` and `role="status"` (docs/decisions/082-one-message-component.md). The React
 * component (`message.tsx`) and the pages built without React (`message-paragraph.ts`) read it.
 */

/** A failure, something to watch, a done action, or plain news. */
export type MessageKind = 'error' | 'warning' | 'success' | 'notice';

/**
 * `alert` interrupts what a screen reader is saying: for every failure, and for a warning that
 * must be heard before anything else (`urgent`: the session has ended, the agenda shows only part of the week).
 * Everything else waits its turn as a `status`.
 */
export function messageRole(kind: MessageKind, urgent?: boolean): 'alert' | 'status' {
  return kind === 'error' || urgent ? 'alert' : 'status';
}

/** The message's classes (`message.css`), then the place's own classes. */
export function messageClass(kind: MessageKind, className?: string): string {
  return className ? `message message--${kind} ${className}` : `message message--${kind}`;
}
