// @vitest-environment happy-dom
import { act, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '../../content/generated/defaults.ts';
import type { ServicesContent } from '../../content/generated/types.ts';
import { render, unmount } from '../editor/dom-test-utils.ts';
import { WorkshopPhotosField } from './workshop-photos-field.tsx';

// « Retirer » under a workshop photo takes itself away: the focus goes where the owner goes next
// (docs/decisions/092-focus-follows-actions.md).

function Photos({ count }: { count: number }) {
  const [services, setServices] = useState<ServicesContent>({
    ...DEFAULT_CONTENT.services,
    carouselImages: Array.from({ length: count }, (_, i) => ({
      image: `/storage/v1/object/public/media/atelier-${i + 1}.webp`,
      alt: `Photo ${i + 1}`,
    })),
  });
  const props = {
    formData: services,
    errorSchema: {},
    onChange: (next: ServicesContent) => setServices(next),
    fieldPathId: { $id: 'root', path: [] },
  } as unknown as FieldProps;
  return <WorkshopPhotosField {...props} />;
}

// The ways to add a photo show only with a backend; nothing is sent here.
const client = createClient('http://127.0.0.1:9', 'anon', {
  auth: { persistSession: false, autoRefreshToken: false },
});

let container: HTMLElement;
const descriptions = () =>
  [...container.querySelectorAll<HTMLInputElement>('.workshop-photos__item input')].map(
    (input) => input.value,
  );

/** Presses « Retirer » under photo `n` as a keyboard does, and lets the next frame run. */
async function remove(n: number) {
  const button = [...container.querySelectorAll('button')].find(
    (b) => b.textContent === `Retirer la photo ${n}`,
  )!;
  button.focus();
  await act(async () => button.click());
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

afterEach(unmount);

describe('removing a workshop photo', () => {
  it('puts the focus on the photo that takes its place', async () => {
    container = await render(<Photos count={3} />, client);
    await remove(2);
    expect(descriptions()).toEqual(['Photo 1', 'Photo 3']);
    expect((document.activeElement as HTMLInputElement).value).toBe('Photo 3');
  });

  it('puts the focus on the photo before when the last one goes', async () => {
    container = await render(<Photos count={2} />, client);
    await remove(2);
    expect(descriptions()).toEqual(['Photo 1']);
    expect((document.activeElement as HTMLInputElement).value).toBe('Photo 1');
  });

  it('puts the focus on « Prendre une photo » when none is left', async () => {
    container = await render(<Photos count={1} />, client);
    await remove(1);
    expect(descriptions()).toEqual([]);
    expect(container.textContent).toContain("Aucune photo de votre atelier pour l'instant.");
    expect(document.activeElement?.textContent).toBe('Prendre une photo');
  });
});
