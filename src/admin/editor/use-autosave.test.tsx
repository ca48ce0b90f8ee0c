// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, unmount } from './dom-test-utils.ts';
import { AUTOSAVE_DELAY_MS, autosaveText, useAutosave } from './use-autosave.ts';

type Autosave = ReturnType<typeof useAutosave<{ message: string }>>;

let current: Autosave;
let setValue: (value: { message: string }) => void;

async function mount(save: (value: { message: string }) => Promise<void>) {
  const { useState } = await import('react');
  function Harness() {
    const [value, set] = useState({ message: 'initial' });
    setValue = set;
    current = useAutosave(value, save);
    return null;
  }
  await render(<Harness />);
}

const edit = (message: string) => act(async () => setValue({ message }));
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  await unmount();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useAutosave', () => {
  it('saves nothing on load, then once, 600 ms after the last edit', async () => {
    const save = vi.fn(async () => {});
    await mount(save);
    expect(AUTOSAVE_DELAY_MS).toBe(600);
    await wait(2000);
    expect(save).not.toHaveBeenCalled();
    expect(current.status.kind).toBe('idle');

    await edit('a');
    await wait(400);
    await edit('ab');
    await wait(400);
    await edit('abc');
    expect(current.status.kind).toBe('pending');
    await wait(599);
    expect(save).not.toHaveBeenCalled();
    await wait(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ message: 'abc' });
    expect(current.status.kind).toBe('saved');
    expect(autosaveText(current.status)).toBe('✓ Enregistré');
  });

  it('keeps the value after a failure, says why, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = vi
      .fn<(value: { message: string }) => Promise<void>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(undefined);
    await mount(save);
    await edit('Fermé lundi');
    await wait(600);
    expect(current.status).toEqual({
      kind: 'failed',
      message:
        "L'enregistrement a échoué : le serveur est injoignable. Vérifiez votre connexion internet, puis réessayez.",
    });
    await act(async () => current.retry());
    expect(save).toHaveBeenLastCalledWith({ message: 'Fermé lundi' });
    expect(current.status.kind).toBe('saved');
  });

  it('saves a change still waiting when the panel goes away', async () => {
    const save = vi.fn(async () => {});
    await mount(save);
    await edit('en cours');
    await unmount();
    await act(async () => {});
    expect(save).toHaveBeenCalledWith({ message: 'en cours' });
  });
});
