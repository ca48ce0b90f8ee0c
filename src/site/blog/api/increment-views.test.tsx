// @vitest-environment happy-dom
import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountViewOnce } from './increment-views.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Count = (slug: string) => Promise<number | null | void>;

function Counter(props: { slug: string; loaded: boolean; count: Count }) {
  const views = useCountViewOnce(props.slug, props.loaded, props.count);
  return <p>{views === undefined ? 'non compté' : `${views} vues`}</p>;
}

const container = document.createElement('div');
const root = createRoot(container);
afterEach(() => act(() => root.render(null)));

async function show(slug: string, loaded: boolean, count: Count) {
  await act(async () =>
    root.render(
      <StrictMode>
        <Counter slug={slug} loaded={loaded} count={count} />
      </StrictMode>,
    ),
  );
}

describe('useCountViewOnce', () => {
  it('counts once the article has loaded, once, even under StrictMode', async () => {
    const count = vi.fn(() => Promise.resolve());
    await show('vidange', false, count);
    expect(count).not.toHaveBeenCalled();
    await show('vidange', true, count);
    await show('vidange', true, count);
    // A refetch flips `loaded` without a new visit.
    await show('vidange', false, count);
    await show('vidange', true, count);
    expect(count.mock.calls).toEqual([['vidange']]);
  });

  it('counts again when the reader opens another article', async () => {
    const count = vi.fn(() => Promise.resolve());
    await show('vidange', true, count);
    await show('freins', true, count);
    expect(count.mock.calls).toEqual([['vidange'], ['freins']]);
  });

  it('gives the live count the database answered, whatever count the page was rendered with', async () => {
    await show('vidange', true, () => Promise.resolve(42));
    await vi.waitFor(() => expect(container.textContent).toBe('42 vues'));
    // Another article shows its own count until its view is counted.
    await show('freins', true, () => new Promise(() => {}));
    expect(container.textContent).toBe('non compté');
  });

  it('only warns when the count fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    await show('pneus', true, () => Promise.reject(new Error('panne')));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(error).not.toHaveBeenCalled();
    warn.mockRestore();
    error.mockRestore();
  });
});
