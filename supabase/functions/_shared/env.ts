import type { Mail } from './request-mails.ts';

/**
 * What every function is given by the runtime that hosts it: hosted Supabase (Deno, from its
 * environment variables) or the self-hosted server (which calls the handler in-process).
 */
export interface FunctionEnv {
  supabaseUrl: string;
  /** Bypasses RLS: stays inside the function, never in a response or a log. */
  serviceRoleKey: string;
  /** How supabase-js reaches the API; the self-hosted server passes one that never leaves the process. */
  fetch?: typeof fetch;
  /** A WebSocket class for runtimes without one (Node 20): supabase-js refuses to start otherwise. */
  WebSocket?: unknown;
  /**
   * Base URL of the OpenAI-compatible API (generate-articles), without the trailing
   * `/chat/completions`. Defaults to OpenAI's; tests point it at a local stand-in.
   */
  openaiBaseUrl?: string;
  /** How long generate-articles waits for the AI service, in milliseconds (default 60 000). */
  openaiTimeoutMs?: number;
  /**
   * The public site's origin (e.g. https://garage.example), used for absolute image URLs of
   * generated articles. When absent, the caller's Origin header, else the request's own origin.
   */
  siteUrl?: string;
  /**
   * The public site's origin for links sent in mails (appointments): the self-hosted server gives
   * its SITE_URL (or the address it listens on); hosted Supabase uses `siteUrl`.
   */
  publicOrigin?: string;
  /**
   * Stores one visit of `page` (recordVisit). The self-hosted server gives one that groups the
   * visits arriving together into one insert; without it, the function inserts through the API.
   */
  recordVisit?: (page: string) => Promise<void>;
  /** SMTP_URL (request-mails): the mail server; without it, no mail is sent. */
  smtpUrl?: string;
  /** NOTIFY_EMAIL (request-mails): where the owner receives new requests. */
  notifyEmail?: string;
  /** Sends one mail through SMTP_URL (request-mails on hosted Supabase). */
  sendMail?: (mail: Mail) => Promise<void>;
  /**
   * Sends the due request mails, resolving with how many were attempted (request-mails). The
   * self-hosted server gives its own outbox, which already sends them in the background.
   */
  sendRequestMails?: () => Promise<number>;
}

export type FunctionHandler = (req: Request) => Promise<Response>;
