import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, frenchError, isSessionError } from './french-error.ts';

// Real error shapes: what supabase-js hands over (PostgrestError, StorageApiError, AuthError…) for
// answers of PostgREST, Supabase Storage, GoTrue and this project's server (server/rest,
// server/storage, server/auth).
const CASES: { what: string; error: unknown; message: string }[] = [
  {
    what: 'PostgREST, bad token signature',
    error: { code: 'PGRST301', details: null, hint: null, message: 'JWSError JWSInvalidSignature' },
    message: ERROR_MESSAGES.session,
  },
  {
    what: 'PostgREST, expired token',
    error: { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' },
    message: ERROR_MESSAGES.session,
  },
  {
    what: 'our server, session ended',
    error: {
      code: 'PGRST301',
      details: null,
      hint: 'Reconnectez-vous.',
      message: 'Session terminée : ce jeton a été révoqué.',
    },
    message: ERROR_MESSAGES.session,
  },
  {
    what: 'supabase-js, no session',
    error: Object.assign(new Error('Auth session missing!'), {
      name: 'AuthSessionMissingError',
      status: 400,
    }),
    message: ERROR_MESSAGES.session,
  },
  {
    what: 'GoTrue, refresh refused',
    error: Object.assign(new Error('Invalid Refresh Token: Refresh Token Not Found'), {
      name: 'AuthApiError',
      status: 400,
      code: 'refresh_token_not_found',
    }),
    message: ERROR_MESSAGES.session,
  },
  {
    what: 'Storage, expired token',
    error: Object.assign(new Error('jwt expired'), {
      name: 'StorageApiError',
      status: 403,
      statusCode: '403',
    }),
    message: ERROR_MESSAGES.session,
  },
  {
    what: 'Storage, bad signature (hosted: HTTP 400)',
    error: Object.assign(new Error('invalid signature'), {
      name: 'StorageApiError',
      status: 400,
      statusCode: '403',
    }),
    message: ERROR_MESSAGES.session,
  },
  {
    what: 'PostgREST, network failure',
    error: {
      code: '',
      details: 'TypeError: Failed to fetch',
      hint: '',
      message: 'TypeError: Failed to fetch',
    },
    message: ERROR_MESSAGES.network,
  },
  {
    what: 'fetch, network failure',
    error: new TypeError('Failed to fetch'),
    message: ERROR_MESSAGES.network,
  },
  {
    what: 'supabase-js auth, network failure',
    error: Object.assign(new Error('Failed to fetch'), {
      name: 'AuthRetryableFetchError',
      status: 0,
    }),
    message: ERROR_MESSAGES.network,
  },
  {
    what: 'Storage, network failure',
    error: Object.assign(new Error('Failed to fetch'), { name: 'StorageUnknownError' }),
    message: ERROR_MESSAGES.network,
  },
  {
    what: 'an aborted or timed out call',
    error: new DOMException('The operation timed out.', 'TimeoutError'),
    message: ERROR_MESSAGES.timeout,
  },
  {
    what: 'PostgreSQL statement timeout',
    error: {
      code: '57014',
      details: null,
      hint: null,
      message: 'canceling statement due to statement timeout',
    },
    message: ERROR_MESSAGES.timeout,
  },
  {
    what: 'PostgREST, permission denied',
    error: {
      code: '42501',
      details: null,
      hint: null,
      message: 'permission denied for table site_content',
    },
    message: ERROR_MESSAGES.permission,
  },
  {
    what: 'PostgREST, row-level security',
    error: {
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "blog_posts"',
    },
    message: ERROR_MESSAGES.permission,
  },
  {
    what: 'Storage, row-level security',
    error: Object.assign(new Error('new row violates row-level security policy'), {
      name: 'StorageApiError',
      status: 403,
      statusCode: '403',
    }),
    message: ERROR_MESSAGES.permission,
  },
  {
    what: 'PostgREST, duplicate key',
    error: {
      code: '23505',
      details: 'Key (slug)=(vidange) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "blog_posts_slug_key"',
    },
    message: ERROR_MESSAGES.conflict,
  },
  {
    what: 'Storage, object already there',
    error: Object.assign(new Error('The resource already exists'), {
      name: 'StorageApiError',
      status: 409,
      statusCode: '409',
    }),
    message: ERROR_MESSAGES.conflict,
  },
  {
    what: 'PostgREST, no row for .single()',
    error: {
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'JSON object requested, multiple (or no) rows returned',
    },
    message: ERROR_MESSAGES.notFound,
  },
  {
    what: 'PostgreSQL, invalid value',
    error: {
      code: '22P02',
      details: null,
      hint: null,
      message: 'invalid input syntax for type uuid: "x"',
    },
    message: ERROR_MESSAGES.validation,
  },
  {
    what: 'PostgreSQL, native check constraint (English)',
    error: {
      code: '23514',
      details: 'Failing row contains (…).',
      hint: null,
      message:
        'new row for relation "site_content" violates check constraint "site_content_type_known"',
    },
    message: ERROR_MESSAGES.validation,
  },
  {
    what: 'PostgREST, bad request',
    error: { code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' },
    message: ERROR_MESSAGES.validation,
  },
  {
    what: 'our content check (French, shown as it is)',
    error: {
      code: '23514',
      details: null,
      hint: 'Corrigez ce champ puis enregistrez à nouveau.',
      message: 'Contenu « hero » refusé : « Titre » est obligatoire.',
    },
    message: 'Contenu « hero » refusé : « Titre » est obligatoire.',
  },
  {
    what: 'our post check (French, shown as it is)',
    error: {
      code: '23514',
      details: null,
      hint: 'Corrigez ce champ puis enregistrez à nouveau.',
      message: 'Article refusé : « Titre » est obligatoire.',
    },
    message: 'Article refusé : « Titre » est obligatoire.',
  },
  {
    what: 'request too large',
    error: Object.assign(new Error('Payload too large'), {
      name: 'StorageApiError',
      status: 413,
      statusCode: '413',
    }),
    message: ERROR_MESSAGES.tooLarge,
  },
  {
    what: 'rate limited',
    error: Object.assign(new Error('Too Many Requests'), { name: 'AuthApiError', status: 429 }),
    message: ERROR_MESSAGES.tooMany,
  },
  {
    what: 'PostgreSQL internal error',
    error: { code: 'XX000', details: null, hint: null, message: 'internal error' },
    message: ERROR_MESSAGES.server,
  },
  {
    what: 'HTTP 503',
    error: Object.assign(new Error('Service Unavailable'), {
      name: 'StorageApiError',
      status: 503,
    }),
    message: ERROR_MESSAGES.server,
  },
  { what: 'any other error', error: new Error('Something broke'), message: ERROR_MESSAGES.unknown },
];

describe('frenchError', () => {
  it.each(CASES)('$what', ({ error, message }) => {
    expect(frenchError(error)).toBe(message);
  });

  it('only session failures send the owner to sign in again', () => {
    const session = CASES.filter((c) => c.message === ERROR_MESSAGES.session);
    expect(session.length).toBeGreaterThan(0);
    for (const c of CASES) expect(isSessionError(c.error)).toBe(session.includes(c));
  });
});
