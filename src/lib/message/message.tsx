import './message.css';
import type { ReactNode, Ref } from 'react';
import { messageClass, messageRole, type MessageKind } from './message-kind.ts';

export type { MessageKind } from './message-kind.ts';

interface MessageProps {
  kind: MessageKind;
  /** A warning that must be heard at once (see `messageRole`). */
  urgent?: boolean;
  /** `div` when the message holds blocks (a text and its buttons, a heading, a list). */
  as?: 'p' | 'div';
  /**
   * The place's own classes: its layout, a name tests or styles rely on, or `message--inline` for
   * the text alone under a field.
   */
  className?: string;
  children?: ReactNode;
  id?: string;
  tabIndex?: number;
  ref?: Ref<HTMLElement>;
  'aria-labelledby'?: string;
}

/**
 * The one way to show an error, a warning, a success or a notice in the back-office, the public
 * site and the app shell: its role and its look come from its kind
 * (docs/decisions/082-one-message-component.md).
 */
export function Message({ kind, urgent, as: Tag = 'p', className, ref, ...rest }: MessageProps) {
  return (
    <Tag
      className={messageClass(kind, className)}
      role={messageRole(kind, urgent)}
      {...rest}
      ref={ref as Ref<HTMLDivElement & HTMLParagraphElement>}
    />
  );
}
