// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '../../content/media.ts';
import { SupabaseProvider } from '../client/client-context.tsx';
import { PhotoUpload, type SendPhoto } from './photo-upload.tsx';
import { PhotoUploadError, TOO_BIG, uploadErrorMessage, WRONG_FORMAT } from './upload-photo.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

function render(send: SendPhoto) {
  const received: string[] = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      // No backend: the photo goes through `send`.
      <SupabaseProvider client={null}>
        <PhotoUpload id="photo" onUploaded={(a) => received.push(a)} send={send} />
      </SupabaseProvider>,
    ),
  );
  return received;
}

async function choose(file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const photo = (type: string, size = 1000, name = 'atelier.jpg') => {
  const file = new File([new Uint8Array(Math.min(size, 1000))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('PhotoUpload', () => {
  it('sends a chosen photo and gives the field its address', async () => {
    const sent: File[] = [];
    const received = render(async (file) => {
      sent.push(file);
      return 'https://garage.example/storage/v1/object/public/media/a.jpg';
    });
    expect(container.querySelector('button')?.textContent).toBe('Téléverser une photo');
    await choose(photo('image/jpeg'));
    expect(sent.map((f) => f.name)).toEqual(['atelier.jpg']);
    expect(received).toEqual(['https://garage.example/storage/v1/object/public/media/a.jpg']);
    expect(container.querySelector('[role="status"]')?.textContent).toContain(
      'Photo « atelier.jpg » envoyée.',
    );
  });

  it('refuses another format or a photo over the limit without sending it', async () => {
    const sent: File[] = [];
    render(async (file) => {
      sent.push(file);
      return 'x';
    });
    await choose(photo('image/svg+xml', 1000, 'logo.svg'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(WRONG_FORMAT);
    await choose(photo('image/jpeg', MEDIA_MAX_BYTES + 1));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(TOO_BIG);
    expect(sent).toEqual([]);
  });

  it("says in French why the server refused, and keeps the field's address", async () => {
    const received = render(async () => {
      throw new PhotoUploadError(uploadErrorMessage({ status: 415 }));
    });
    await choose(photo('image/png', 1000, 'faux.png'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(WRONG_FORMAT);
    expect(received).toEqual([]);
  });
});

describe('PhotoUpload progress', () => {
  /** A send that the test drives: progress, then the address. */
  function controlledSend() {
    let report: (fraction: number) => void = () => {};
    let finish: (address: string) => void = () => {};
    const send: SendPhoto = (_file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = resolve));
    };
    return {
      send,
      progress: (fraction: number) => act(() => report(fraction)),
      finish: (address: string) => act(async () => finish(address)),
    };
  }
  const status = () => container.querySelector('[role="status"]')?.textContent;
  const bar = () => container.querySelector('progress[aria-label="Envoi de la photo"]');

  it('shows how much of the photo is sent, in French', async () => {
    const upload = controlledSend();
    const received = render(upload.send);
    await choose(photo('image/jpeg'));
    // Nothing known yet: an indeterminate bar, no figure.
    expect(bar()?.hasAttribute('value')).toBe(false);
    expect(status()).not.toContain('Envoi :');

    upload.progress(0.42);
    expect(bar()?.getAttribute('max')).toBe('1');
    expect(bar()?.getAttribute('value')).toBe('0.42');
    expect(status()).toContain('Envoi : 42\u00a0%');

    // Almost all sent still reads 99 %; 100 % only when everything went out.
    upload.progress(0.998);
    expect(status()).toContain('Envoi : 99\u00a0%');
    upload.progress(1);
    expect(status()).toContain('Envoi : 100\u00a0%');

    await upload.finish('https://garage.example/storage/v1/object/public/media/a.jpg');
    expect(bar()).toBeNull();
    expect(status()).toBe('Photo « atelier.jpg » envoyée.');
    expect(received).toEqual(['https://garage.example/storage/v1/object/public/media/a.jpg']);
  });

  it("starts the next photo without the last one's figure", async () => {
    const first = controlledSend();
    render(first.send);
    await choose(photo('image/jpeg'));
    first.progress(0.5);
    await first.finish('x');
    await choose(photo('image/png', 1000, 'pont.png'));
    expect(status()).toContain('Envoi de « pont.png »');
    expect(status()).not.toContain('50');
    expect(bar()?.hasAttribute('value')).toBe(false);
  });
});

describe('uploadErrorMessage', () => {
  it('never shows the server text: each refusal has its French message', () => {
    const refused = { status: 403, message: 'new row violates row-level security policy' };
    expect(uploadErrorMessage(refused)).not.toContain('row-level');
    expect(uploadErrorMessage(refused)).toMatch(/Reconnectez-vous/);
    expect(uploadErrorMessage({ status: 413 })).toBe(TOO_BIG);
    expect(uploadErrorMessage({ status: 415 })).toBe(WRONG_FORMAT);
    expect(uploadErrorMessage({ statusCode: '415' })).toBe(WRONG_FORMAT);
    expect(uploadErrorMessage(new TypeError('Failed to fetch'))).toMatch(
      /vérifiez votre connexion/,
    );
  });
});
