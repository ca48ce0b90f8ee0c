import type { Database } from './db/database.ts';
import type { ServerConfig } from './config.ts';
import type { Limits } from './limits/index.ts';
import type { SessionLiveness } from './auth/session-liveness.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Outbox } from './mail/outbox.ts';
import type { RecoveryLinks } from './auth/recovery-links.ts';
import type { RealtimeService } from './realtime/service.ts';

/** What every part of the self-hosted server is given, built once at start (server/server.ts). */
export interface AppContext {
  db: Database;
  config: ServerConfig;
  /**
   * The site's public origin, for canonical URLs, the sitemap and robots.txt: SITE_URL, else the
   * address the server listens on. Never taken from a request's Host header, which anyone writes.
   */
  siteUrl: string;
  /** The per-client limits (server/limits). */
  limits: Limits;
  /** Which sessions are still alive, for refusing the access tokens of ended ones. */
  sessions: SessionLiveness;
  /** The mails of quote and appointment requests; undefined without SMTP_URL. */
  outbox?: Outbox;
  /** The operator's mail server, for password-reset links; undefined without SMTP_URL. */
  mailer?: Mailer;
  /** Forgotten-password links, made and mailed after `/recover` has answered; with `mailer`. */
  recoveries?: RecoveryLinks;
  /** The realtime socket's service (server/realtime): its rooms serve the broadcast endpoint. */
  realtime: RealtimeService;
}
