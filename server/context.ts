import type { Database } from './db/database.ts';
import type { ServerConfig } from './config.ts';

/** What every part of the self-hosted server is given: the database and the configuration. */
export interface AppContext {
  db: Database;
  config: ServerConfig;
}
