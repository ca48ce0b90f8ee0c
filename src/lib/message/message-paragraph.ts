import { messageClass, messageRole, type MessageKind } from './message-kind.ts';

/**
 * A message paragraph for the pages built without React (sign-in, password reset, installation).
 * A new element each time, so that screen readers announce it every time. Their page imports
 * `message.css`.
 */
export function messageParagraph(
  kind: MessageKind,
  text: string,
  options: { urgent?: boolean; className?: string } = {},
): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = messageClass(kind, options.className);
  p.setAttribute('role', messageRole(kind, options.urgent));
  p.textContent = text;
  return p;
}
