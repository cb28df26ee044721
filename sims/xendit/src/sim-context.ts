import type { Keyring } from './accounts.ts';
import type { Database } from './db/database.ts';

/** What every route and service of the simulator shares. */
export type SimContext = {
  db: Database;
  keyring: Keyring;
  /** Base of hosted-page and action URLs, without a trailing slash. */
  publicUrl: string;
  /** Delay of outcomes that arrive later: refunds settling, OVO push approvals, amount 20105. */
  asyncDelayMs: number;
  /** How long a schedule's DAY lasts (a month is 30 of them when shortened): tests shorten it. */
  recurringDayMs: number;
  /** Runs `work` in one transaction, then wakes the worker so new events go out at once. */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
};
