// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '../../content/media.ts';
import { PhotoUpload } from './photo-upload.tsx';
import { PhotoUploadError, TOO_BIG, uploadErrorMessage, WRONG_FORMAT } from './upload-photo.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

function render(send: (file: File) => Promise<string>) {
  const received: string[] = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(<PhotoUpload id="photo" onUploaded={(a) => received.push(a)} send={send} />),
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
