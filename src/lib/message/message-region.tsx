import { Children, type ReactNode } from 'react';
import './message.css';
import { messageClass, messageRole, type MessageKind } from './message-kind.ts';

/**
 * A live region that stays on the page, empty until there is something to say: screen readers
 * announce what appears in a region they already know, more reliably than a new one. Each
 * non-empty child becomes one message of `kind`.
 */
export function MessageRegion({ kind, children }: { kind: MessageKind; children?: ReactNode }) {
  const said = Children.toArray(children).filter((child) => child !== '');
  return (
    <div className="message-region" role={messageRole(kind)}>
      {said.map((child, index) => (
        // The texts have no identity of their own; their order is stable.
        <p key={index} className={messageClass(kind)}>
          {child}
        </p>
      ))}
    </div>
  );
}
