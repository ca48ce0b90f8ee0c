/**
 * A paragraph for a message of the sign-in pages: `role="alert"` for a problem, `status` for news.
 * A new element each time, so that screen readers announce it every time.
 */
export function paragraph(className: string, role: string, text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = className;
  p.setAttribute('role', role);
  p.textContent = text;
  return p;
}
