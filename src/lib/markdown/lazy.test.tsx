// @vitest-environment happy-dom
import { act, StrictMode, Suspense, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LazyMarkdown, LazySafeHtml, preloadMarkdown, preloadSafeHtml } from './lazy.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ARTICLE = 'Une **vidange** régulière.\n\n[Le guide](https://example.org/guide)';

function Article({ source }: { source: string }) {
  return (
    <Suspense fallback={<p>Chargement du contenu…</p>}>
      <LazyMarkdown className="markdown article__content">{source}</LazyMarkdown>
    </Suspense>
  );
}

function Section({ html }: { html: string }) {
  return (
    <Suspense fallback={null}>
      <LazySafeHtml html={html} className="safe-html" />
    </Suspense>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

beforeAll(async () => {
  // Loaded for the server render, as entry-server.tsx does before rendering.
  await Promise.all([preloadMarkdown(), preloadSafeHtml()]);
});

/** The server's markup in the document, then hydrated; React's complaints are collected. */
async function hydrate(
  element: (props: { version: number }) => ReactNode,
  touch: (server: HTMLElement) => void = () => {},
) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<StrictMode>{element({ version: 0 })}</StrictMode>);
  touch(container);
  document.body.append(container);
  const problems: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
  const serverNodes = [...container.querySelectorAll('*')];
  await act(async () => {
    root = hydrateRoot(container, <StrictMode>{element({ version: 0 })}</StrictMode>, {
      onRecoverableError: (error) => problems.push(error),
    });
  });
  const rerender = (version: number) =>
    act(async () => root!.render(<StrictMode>{element({ version })}</StrictMode>));
  return { container, problems, serverNodes, rerender };
}

describe('LazyMarkdown', () => {
  it('hydrates the server’s article body as it stands, with no mismatch', async () => {
    const { container, problems, serverNodes } = await hydrate(() => <Article source={ARTICLE} />);
    expect(problems).toEqual([]);
    expect([...container.querySelectorAll('*')]).toEqual(serverNodes);
    const body = container.querySelector('.article__content')!;
    expect(body.querySelector('strong')?.textContent).toBe('vidange');
    expect(body.querySelector('a')?.getAttribute('href')).toBe('https://example.org/guide');
    expect(Object.keys(body).some((key) => key.startsWith('__reactFiber'))).toBe(true);
  });

  it('adopts the server’s markup rather than parsing the markdown again', async () => {
    // Markup that the parser would not produce from this source: kept as is, with no mismatch.
    const { container, problems } = await hydrate(
      () => <Article source={ARTICLE} />,
      (server) => {
        server.querySelector('strong')!.textContent = 'rendu par le serveur';
      },
    );
    expect(problems).toEqual([]);
    expect(container.querySelector('strong')?.textContent).toBe('rendu par le serveur');
  });

  it('renders fresh markdown when the article changes after hydration', async () => {
    const { container, problems, rerender } = await hydrate(({ version }) => (
      <Article source={version === 0 ? ARTICLE : '## Nouveau titre\n\nTexte *revu*.'} />
    ));
    await rerender(1);
    const body = container.querySelector('.article__content')!;
    expect(body.querySelector('h2')?.textContent).toBe('Nouveau titre');
    expect(body.querySelector('em')?.textContent).toBe('revu');
    expect(body.querySelector('strong')).toBeNull();
    expect(problems).toEqual([]);
  });
});

describe('LazySafeHtml', () => {
  it('hydrates the server’s sanitized HTML as it stands, never the raw one', async () => {
    const hostile = '<p onclick="alert(1)"><strong>-10 %</strong></p><script>alert(1)</script>';
    const { container, problems, serverNodes } = await hydrate(() => <Section html={hostile} />);
    expect(problems).toEqual([]);
    expect([...container.querySelectorAll('*')]).toEqual(serverNodes);
    const section = container.querySelector('.safe-html')!;
    expect(section.innerHTML).toBe('<p><strong>-10 %</strong></p>');
  });

  it('sanitizes new HTML when the section changes after hydration', async () => {
    const { container, rerender } = await hydrate(({ version }) => (
      <Section html={version === 0 ? '<p>Avant</p>' : '<p>Après<img src=x onerror=alert(1)></p>'} />
    ));
    await rerender(1);
    const section = container.querySelector('.safe-html')!;
    expect(section.textContent).toBe('Après');
    expect(section.innerHTML).not.toMatch(/onerror/);
  });
});
