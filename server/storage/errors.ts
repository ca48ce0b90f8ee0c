import { isPgError } from '../db/database.ts';

/**
 * An error as Supabase's storage server writes it: `{ statusCode, code, error, message }`, the
 * status code as a string, `code` one of its error codes, `error` its older name of the error, and
 * the message in its English words, so that the same client code reads both backends; the French
 * that the owner reads is the back-office's (docs/decisions/090-storage-errors-in-english.md).
 * This server answers with the status in the body too (docs/decisions/023-media-storage.md).
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    /** Supabase Storage's `ErrorCode` (src/internal/errors/codes.ts in supabase/storage). */
    readonly code: string,
    message: string,
    /** Set when the rest of the request body was not read: the connection cannot serve another. */
    readonly closeConnection = false,
  ) {
    super(message);
  }

  /** The same error, for an answer that leaves the rest of the request body unread. */
  closingConnection(): StorageError {
    return new StorageError(this.status, this.error, this.code, this.message, true);
  }
}

export const notFound = () => new StorageError(404, 'not_found', 'NoSuchKey', 'Object not found');
export const bucketNotFound = () =>
  new StorageError(404, 'Bucket not found', 'NoSuchBucket', 'Bucket not found');
export const invalidBucketName = () =>
  new StorageError(400, 'Invalid Input', 'InvalidBucketName', 'Bucket name invalid');
export const invalidKey = (key: string) =>
  new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key.slice(0, 200)}`);
export const invalidRequest = (message: string) =>
  new StorageError(400, 'InvalidRequest', 'InvalidRequest', message);
export const accessDenied = (message: string) =>
  new StorageError(403, 'Unauthorized', 'AccessDenied', message);
export const unsupportedType = (mimetype: string) =>
  new StorageError(
    415,
    'invalid_mime_type',
    'InvalidMimeType',
    `mime type ${mimetype.slice(0, 100)} is not supported`,
  );
export const tooLarge = () =>
  new StorageError(
    413,
    'Payload too large',
    'EntityTooLarge',
    'The object exceeded the maximum allowed size',
    true,
  );
export const bodyTooLarge = () =>
  new StorageError(413, 'Payload too large', 'EntityTooLarge', 'Request body is too large', true);
export const routeNotFound = (method: string, path: string) =>
  new StorageError(404, 'Not Found', 'InvalidRequest', `Route ${method}:${path} not found`);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new StorageError(
    429,
    'too_many_requests',
    'SlowDown',
    `Too many requests: retry in ${retryAfterSeconds} s`,
  );
export const internalError = () =>
  new StorageError(500, 'InternalError', 'InternalError', 'Internal server error');

/** The refusal of a token whose session has ended (docs/decisions/028-expired-session.md). */
export const sessionEnded = () =>
  new StorageError(401, 'Unauthorized', 'InvalidJWT', 'jwt revoked: the session has ended');

/** What a database error means to a storage client, as Supabase's storage server maps them. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (isPgError(error)) {
    // Supabase's server passes the database's other refusals in the database's words, which a
    // PostgreSQL set up in French would write in French: this server says them in English.
    if (error.code === '42501')
      return accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : 'permission denied',
      );
    if (error.code === '23505')
      return new StorageError(
        409,
        'Duplicate',
        'ResourceAlreadyExists',
        'The resource already exists',
      );
  }
  return internalError();
}

export function errorResponse(
  error: StorageError,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  const head: Record<string, string> = { 'Content-Type': 'application/json', ...headers };
  if (error.closeConnection) head.Connection = 'close';
  return new Response(
    JSON.stringify({
      statusCode: String(error.status),
      code: error.code,
      error: error.error,
      message: error.message,
      ...extra,
    }),
    { status: error.status, headers: head },
  );
}
