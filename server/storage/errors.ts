import { isPgError } from '../db/database.ts';

/**
 * An error as Supabase's storage server writes it: `{ statusCode, error, message }`, the status
 * code as a string. This server answers with that status too (docs/decisions/023-media-storage.md).
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** Set when the rest of the request body was not read: the connection cannot serve another. */
    readonly closeConnection = false,
  ) {
    super(message);
  }
}

export const notFound = () => new StorageError(404, 'not_found', 'Object not found');
export const bucketNotFound = () => new StorageError(404, 'Bucket not found', 'Bucket not found');
export const invalidKey = (key: string) =>
  new StorageError(400, 'InvalidKey', `Invalid key: ${key.slice(0, 200)}`);
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', message);
export const accessDenied = (message = 'new row violates row-level security policy') =>
  new StorageError(403, 'Unauthorized', message);
export const unsupportedType = () =>
  new StorageError(
    415,
    'invalid_mime_type',
    'Format non accepté : envoyez une photo JPEG, PNG, WebP, AVIF ou GIF.',
  );
export const tooLarge = (limitBytes: number) =>
  new StorageError(
    413,
    'Payload too large',
    `Photo trop lourde : ${Math.floor(limitBytes / (1024 * 1024))} Mo au maximum.`,
    true,
  );

/** What a database error means to a storage client, as Supabase's storage server maps them. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (isPgError(error)) {
    if (error.code === '42501')
      return accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : error.message,
      );
    if (error.code === '23505')
      return new StorageError(409, 'Duplicate', 'The resource already exists');
  }
  return new StorageError(500, 'internal', 'Erreur interne du stockage.');
}

export function errorResponse(error: StorageError): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (error.closeConnection) headers.Connection = 'close';
  return new Response(
    JSON.stringify({
      statusCode: String(error.status),
      error: error.error,
      message: error.message,
    }),
    { status: error.status, headers },
  );
}
