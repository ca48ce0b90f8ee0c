import type { ServerConfig } from '../config.ts';
import { dailyKeyHasher, Limiter, memoryStore, type StoreFactory } from './limiter.ts';

export { Limiter } from './limiter.ts';
export type { Verdict } from './limiter.ts';

/** Every per-client limit of the server, built once from the configuration. */
export interface Limits {
  /** Any API request (REST, auth, functions), per address. */
  api: Limiter;
  /** recordVisit, per address. */
  visits: Limiter;
  /** increment_views, per address, all articles together… */
  views: Limiter;
  /** …and per address and article: one view of one article counts once per window. */
  viewsPerPost: Limiter;
  /** Quote and appointment requests (submit_request), per address. */
  requests: Limiter;
  /** The customer's appointment link (page, cancel, another day), per address. */
  appointmentLinks: Limiter;
  /** Every mail the site sends, all recipients together (one key: MAIL_KEY). */
  mails: Limiter;
  /** Sign-in attempts per (email, address): the failures allowed before 429. */
  signInPair: Limiter;
  /** Sign-in attempts per address, whatever the email. */
  signInAddress: Limiter;
  /** Failed sign-ins per email from anywhere: never refuses, only slows (sign-in-guard.ts). */
  signInEmail: Limiter;
  /** Password-reset mails asked, per address… */
  recoveryAddress: Limiter;
  /** …and per email address, whether or not it has an account (so the answer reveals nothing). */
  recoveryEmail: Limiter;
  /** Tries of the first administrator's setup link, per address (server/auth/setup.ts). */
  setup: Limiter;
}

const TEN_MINUTES = 600;

/** The one key of the site's hourly number of mails. */
export const MAIL_KEY = 'all-mails';

export function createLimits(config: ServerConfig, store: StoreFactory = memoryStore): Limits {
  const hash = dailyKeyHasher(config.jwtSecret);
  const limiter = (name: string, points: number, seconds: number) =>
    new Limiter(name, { points, seconds }, hash, store);
  const window = config.signInWindowSeconds;
  return {
    api: limiter('api', config.apiRateLimit, 60),
    visits: limiter('visits', config.visitRateLimit, TEN_MINUTES),
    views: limiter('views', config.viewRateLimit, TEN_MINUTES),
    viewsPerPost: limiter('views-post', config.viewRateLimit > 0 ? 1 : 0, TEN_MINUTES),
    requests: limiter('requests', config.requestRateLimit, 3600),
    appointmentLinks: limiter('appointment-links', config.appointmentLinkRateLimit, 3600),
    mails: limiter('mails', config.mailHourlyLimit, 3600),
    signInPair: limiter('sign-in-pair', config.signInMaxFailures, window),
    signInAddress: limiter('sign-in-address', config.signInMaxFailuresPerAddress, window),
    // A counter, not a limit: far more points than any window can use.
    signInEmail: limiter('sign-in-email', Number.MAX_SAFE_INTEGER, window),
    recoveryAddress: limiter('recovery-address', config.recoveryRateLimit, 3600),
    recoveryEmail: limiter('recovery-email', config.recoveryPerEmailLimit, 3600),
    setup: limiter('setup', config.setupRateLimit, 3600),
  };
}
