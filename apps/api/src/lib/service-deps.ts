import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';

/** What a module's service functions need: the database, the app clock and the configuration. */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
}
