import path from 'node:path';
import { invalidBucketName, invalidKey } from './errors.ts';

/** Longest object name accepted, in characters (Supabase's limit on a key is 1,024 bytes). */
export const MAX_NAME_LENGTH = 1024;

const BUCKET = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** Characters Supabase accepts in a key; `..` segments and empty segments are refused besides. */
const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?]+$/;

export interface ObjectRef {
  bucket: string;
  name: string;
}

function checkBucket(bucket: string): string {
  if (!BUCKET.test(bucket)) throw invalidBucketName();
  return bucket;
}

function checkName(name: string): string {
  if (
    name.length === 0 ||
    name.length > MAX_NAME_LENGTH ||
    !KEY_CHARS.test(name) ||
    name.split('/').some((part) => part === '' || part === '.' || part === '..')
  )
    throw invalidKey(name);
  return name;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidKey(segment);
  }
}

/** The bucket alone, from the path segments after a route's prefix. */
export function bucketOf(segments: string[]): string {
  if (segments.length !== 1) throw invalidBucketName();
  return checkBucket(decode(segments[0]!));
}

/** `<bucket>/<name…>` from the path segments after a route's prefix, both checked. */
export function objectOf(segments: string[]): ObjectRef {
  const [bucket, ...rest] = segments.map(decode);
  if (bucket === undefined || rest.length === 0) throw invalidKey(segments.join('/'));
  return { bucket: checkBucket(bucket), name: checkName(rest.join('/')) };
}

/** Where an object's file lives, proven to be inside its bucket's folder. */
export function filePath(root: string, ref: ObjectRef): string {
  const folder = path.join(root, ref.bucket);
  const file = path.resolve(folder, ref.name);
  if (!file.startsWith(folder + path.sep)) throw invalidKey(ref.name);
  return file;
}
