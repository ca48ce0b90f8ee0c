import './message.css';
import { Children, type ReactNode, type Ref } from 'react';
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
  const shared = {
    className: messageClass(kind, { inline, className }),
    role: messageRole(kind, urgent),
  };
  if (actions !== undefined) {
    return (
      <div {...shared} {...rest} ref={ref as Ref<HTMLDivElement>}>
        <p className="message__text">{children}</p>
        <div className="message__actions">{actions}</div>
      </div>
    );
  }
  if (as === 'div') {
    return (
      <div {...shared} {...rest} ref={ref as Ref<HTMLDivElement>}>
        {children}
      </div>
    );
  }
  return (
    <p {...shared} {...rest} ref={ref as Ref<HTMLParagraphElement>}>
      {children}
    </p>
  );
}

/**
 * A live region that stays on the page, empty until there is something to say: screen readers
 * announce what appears in a region they already know, more reliably than a new one. Each
 * non-empty child becomes one message of `kind`.
 */
export function MessageRegion({
  kind,
  className,
  children,
}: {
  kind: MessageKind;
  className?: string;
  children?: ReactNode;
}) {
  const said = Children.toArray(children).filter((child) => child !== '');
  return (
    <div
      className={className ? `message-region ${className}` : 'message-region'}
      role={messageRole(kind)}
    >
      {said.map((child, index) => (
        // The texts have no identity of their own; their order is stable.
        <p key={index} className={messageClass(kind)}>
          {child}
        </p>
      ))}
    </div>
  );
}
