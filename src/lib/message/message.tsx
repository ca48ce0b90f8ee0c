import './message.css';
import type { ReactNode, Ref } from 'react';
import { messageClass, messageRole, type MessageKind } from './message-kind.ts';

export type { MessageKind } from './message-kind.ts';

interface MessageProps {
  kind: MessageKind;
  /** A warning that must be heard at once (see `messageRole`). */
  urgent?: boolean;
  /** Text only, under a field: no box. */
  inline?: boolean;
  /** `div` when the message holds blocks (a heading, a list, buttons). */
  as?: 'p' | 'div';
  /** The place's own class: its layout, and a name tests or styles may rely on. */
  className?: string;
  /** Buttons under the text (« Réessayer », « Recharger »). */
  actions?: ReactNode;
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
export function Message({
  kind,
  urgent,
  inline,
  as,
  className,
  actions,
  children,
  ref,
  ...rest
}: MessageProps) {
  const Tag = actions === undefined && as !== 'div' ? 'p' : 'div';
  return (
    <Tag
      className={messageClass(kind, { inline, className })}
      role={messageRole(kind, urgent)}
      {...rest}
      ref={ref as Ref<HTMLDivElement & HTMLParagraphElement>}
    >
      {actions === undefined ? (
        children
      ) : (
        <>
          <p className="message__text">{children}</p>
          <div className="message__actions">{actions}</div>
        </>
      )}
    </Tag>
  );
}
