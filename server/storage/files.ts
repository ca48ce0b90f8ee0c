import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { filePath, type ObjectRef } from './keys.ts';

/** Files being written, renamed into their bucket once whole. Never inside a bucket's folder. */
const TEMP_DIR = '.tmp';

/** The uploaded files of one data directory: `<root>/<bucket>/<name>`. */
export class FileStore {
  constructor(readonly root: string) {}

  path(ref: ObjectRef): string {
    return filePath(this.root, ref);
  }

  /** Writes the bytes under a temporary name; `commit` renames them into place, `discard` drops them. */
  async stage(
    bytes: Buffer,
  ): Promise<{ commit(ref: ObjectRef): Promise<void>; discard(): Promise<void> }> {
    const dir = path.join(this.root, TEMP_DIR);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = path.join(dir, randomUUID());
    await writeFile(temp, bytes, { mode: 0o600 });
    return {
      commit: async (ref) => {
        const target = this.path(ref);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await rename(temp, target);
      },
      discard: () => rm(temp, { force: true }),
    };
  }

  async remove(ref: ObjectRef): Promise<void> {
    await rm(this.path(ref), { force: true });
  }
}
