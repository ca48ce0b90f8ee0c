import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_WIDTHS } from '../../src/content/media.ts';
import { log } from '../log.ts';
import { sendFile } from './download.ts';
import { invalidRequest } from './errors.ts';
import type { FileStore } from './files.ts';
import { IMAGE_TYPES, MAX_INPUT_PIXELS } from './image.ts';
import type { ObjectRef } from './keys.ts';
import type { ObjectMetadata } from './objects.ts';

/** Whether a variant is already on disk. */
function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}
/**
 * The only widths rendered: any other asked for is served at the next one up (the largest past
 * it, or when none is asked), so nobody can make the server render and keep thousands of sizes
 * (docs/decisions/023-media-storage.md).
 */
export const WIDTHS = MEDIA_WIDTHS;
/**
 * The one quality rendered, Supabase's default: a quality asked for is checked (20 to 100) and
 * then ignored, so a photo has at most WIDTHS × 2 formats of variants, whatever anyone asks.
 */
export const QUALITY = 80;
/** Uploads waiting for their standard variants; more are left to be rendered on first visit. */
const MAX_PENDING = 64;
/** Renders a visitor may wait for at once; others queue behind them. */
const MAX_ON_DEMAND = 2;

export interface Transform {
  width: number;
  /** `origin`: keep the stored type; otherwise WebP when the client accepts it. */
  origin: boolean;
}

function intParam(url: URL, name: string, min: number, max: number): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return null;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw invalidRequest(`querystring/${name} must be an integer from ${min} to ${max}`);
  return Number(raw);
}

/** The transformation asked in a render URL, snapped to the few variants this server makes. */
export function transformOf(url: URL): Transform {
  const width = intParam(url, 'width', 1, 10_000);
  // One quality is made (QUALITY); height and resize are accepted and ignored: a variant keeps
  // the photo's proportions.
  intParam(url, 'quality', 20, 100);
  intParam(url, 'height', 1, 10_000);
  return {
    width: (width === null ? undefined : WIDTHS.find((w) => w >= width)) ?? WIDTHS.at(-1)!,
    origin: url.searchParams.get('format') === 'origin',
  };
}

/** A bounded queue of jobs run `concurrency` at a time; `tryAdd` refuses beyond `maxPending`. */
class JobQueue {
  private running = 0;
  private readonly waiting: (() => Promise<void>)[] = [];
  constructor(
    private readonly concurrency: number,
    private readonly maxPending = Infinity,
  ) {}

  tryAdd(job: () => Promise<void>): boolean {
    if (this.waiting.length >= this.maxPending) return false;
    this.waiting.push(job);
    this.next();
    return true;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => job().then(resolve, reject));
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      void job()
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          this.next();
        });
    }
  }
}

/** Image variants made with sharp and kept under `<root>/.render/` until their object changes. */
export class Renderer {
  private readonly cacheRoot: string;
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly background = new JobQueue(1, MAX_PENDING);
  private readonly onDemand = new JobQueue(MAX_ON_DEMAND);

  constructor(private readonly files: FileStore) {
    this.cacheRoot = path.join(files.root, '.render');
  }

  private folder(ref: ObjectRef): string {
    return path.join(this.cacheRoot, path.relative(this.files.root, this.files.path(ref)));
  }

  /**
   * Drops every variant of an object (replaced or removed). The background rendering of the
   * previous upload may be writing into the folder meanwhile (ENOTEMPTY): removal is tried again.
   */
  async forget(ref: ObjectRef): Promise<void> {
    await rm(this.folder(ref), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  /** Makes the standard widths of a new upload, in the background, one image at a time. */
  prepare(ref: ObjectRef, metadata: ObjectMetadata): void {
    const outputs = [...new Set(['image/webp', metadata.mimetype])];
    this.background.tryAdd(async () => {
      for (const width of WIDTHS)
        for (const type of outputs)
          await this.variant(ref, metadata, width, type).catch((error: unknown) =>
            log.debug({ err: error, name: ref.name }, 'variant not prepared'),
          );
    });
  }

  /** Answers a render request: the variant from the cache, made first when missing. */
  async respond(
    request: Request,
    ref: ObjectRef,
    metadata: ObjectMetadata,
    transform: Transform,
  ): Promise<Response> {
    const webp = !transform.origin && /image\/webp/i.test(request.headers.get('accept') ?? '');
    const type = webp ? 'image/webp' : metadata.mimetype;
    const file = await this.onDemandVariant(ref, metadata, transform.width, type);
    const tag = metadata.eTag.replace(/"$/, `-${path.basename(file)}"`);
    return sendFile(
      file,
      {
        eTag: tag,
        mimetype: type,
        cacheControl: metadata.cacheControl,
        lastModified: metadata.lastModified,
      },
      request,
      { Vary: 'Accept' },
    );
  }

  private async onDemandVariant(
    ref: ObjectRef,
    metadata: ObjectMetadata,
    width: number,
    type: string,
  ): Promise<string> {
    const file = this.variantPath(ref, metadata, width, type);
    if (await isFile(file)) return file;
    return this.onDemand.run(() => this.variant(ref, metadata, width, type));
  }

  private variantPath(
    ref: ObjectRef,
    metadata: ObjectMetadata,
    width: number,
    type: string,
  ): string {
    const version = metadata.eTag.replace(/[^0-9a-f]/gi, '').slice(0, 32);
    const name = `${version}-${width}-q${QUALITY}.${IMAGE_TYPES[type] ?? 'bin'}`;
    return path.join(this.folder(ref), name);
  }

  /** Makes one variant unless it exists; one render per variant at a time. */
  private variant(
    ref: ObjectRef,
    metadata: ObjectMetadata,
    width: number,
    type: string,
  ): Promise<string> {
    const file = this.variantPath(ref, metadata, width, type);
    const pending = this.inFlight.get(file);
    if (pending) return pending;
    const made = (async () => {
      if (await isFile(file)) return file;
      // A GIF keeps every frame in its renderings (GIF and WebP both animate); it has no EXIF
      // orientation to apply.
      const animated = metadata.mimetype === 'image/gif';
      const source = sharp(this.files.path(ref), { limitInputPixels: MAX_INPUT_PIXELS, animated });
      const image = (animated ? source : source.rotate()).resize({
        width,
        withoutEnlargement: true,
      });
      const quality = QUALITY;
      const encoded =
        type === 'image/webp'
          ? image.webp({ quality })
          : type === 'image/jpeg'
            ? image.jpeg({ quality, mozjpeg: false })
            : type === 'image/png'
              ? image.png()
              : type === 'image/avif'
                ? image.avif({ quality })
                : image.gif();
      const bytes = await encoded.toBuffer();
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, file);
      return file;
    })().finally(() => this.inFlight.delete(file));
    this.inFlight.set(file, made);
    return made;
  }
}
