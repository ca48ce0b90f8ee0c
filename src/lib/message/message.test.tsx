// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Message } from './message.tsx';
import { MessageRegion } from './message-region.tsx';
import { messageParagraph } from './message-paragraph.ts';

const shown = (markup: string) => {
  const host = document.createElement('div');
  host.innerHTML = markup;
  return host.firstElementChild as HTMLElement;
};

describe('Message', () => {
  it('interrupts screen readers for a failure, and lets the rest wait its turn', () => {
    const roles = (['error', 'warning', 'success', 'notice'] as const).map((kind) => [
      kind,
      shown(renderToStaticMarkup(<Message kind={kind}>Texte</Message>)).getAttribute('role'),
    ]);
    expect(roles).toEqual([
      ['error', 'alert'],
      ['warning', 'status'],
      ['success', 'status'],
      ['notice', 'status'],
    ]);
  });

  it('interrupts for an urgent warning', () => {
    const element = shown(
      renderToStaticMarkup(
        <Message kind="warning" urgent>
          Votre session a expiré
        </Message>,
      ),
    );
    expect(element.getAttribute('role')).toBe('alert');
    expect([...element.classList]).toEqual(['message', 'message--warning']);
  });

  it("keeps the place's class and attributes, and holds blocks as a div", () => {
    const element = shown(
      renderToStaticMarkup(
        <Message kind="error" as="div" className="editor__failed" id="failure" tabIndex={-1}>
          <p>L’enregistrement a échoué.</p>
          <button type="button">Réessayer</button>
        </Message>,
      ),
    );
    expect(element.tagName).toBe('DIV');
    expect(element.id).toBe('failure');
    expect(element.getAttribute('tabindex')).toBe('-1');
    expect([...element.classList]).toEqual(['message', 'message--error', 'editor__failed']);
    expect(element.textContent).toBe('L’enregistrement a échoué.Réessayer');
  });
});

describe('MessageRegion', () => {
  it('stays on the page empty, then holds one message per text', () => {
    const empty = shown(renderToStaticMarkup(<MessageRegion kind="error">{false}</MessageRegion>));
    expect(empty.getAttribute('role')).toBe('alert');
    expect(empty.children).toHaveLength(0);

    const full = shown(
      renderToStaticMarkup(
        <MessageRegion kind="error">
          {'Premier problème'}
          {''}
          {'Second problème'}
        </MessageRegion>,
      ),
    );
    expect([...full.children].map((p) => [p.className, p.textContent])).toEqual([
      ['message message--error', 'Premier problème'],
      ['message message--error', 'Second problème'],
    ]);
  });
});

describe('messageParagraph, for the pages without React', () => {
  it('gives the same role and classes as the component', () => {
    const p = messageParagraph('error', 'Identifiants incorrects.');
    const fromComponent = shown(
      renderToStaticMarkup(<Message kind="error">Identifiants incorrects.</Message>),
    );
    expect(p.outerHTML).toBe(fromComponent.outerHTML);
  });
});
