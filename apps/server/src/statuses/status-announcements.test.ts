import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StatusEvent } from '@store/contract';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { waitFor } from '../test/wait-for.ts';
import {
  announcedAfterCommit,
  announcementBatches,
  createStatusAnnouncer,
  statusChannel,
} from './status-announcements.ts';

// The status triggers announce every change in its transaction; a statement that reads
// announcedAfterCommit leaves its own to whoever runs it, for that transaction only (embedded
// database and PostgreSQL server, one per project).

let database: DatabaseHandle;
let stopListening: () => Promise<void>;
const heard: StatusEvent[] = [];

/** Moves the payment to `status`, with the flag read in the same statement when `flagged`. */
const moveTo = (status: string, flagged: boolean) =>
  flagged
    ? database.db.execute(sql`
        with flag as (select ${announcedAfterCommit} as set)
        update payments set status = ${status}
        where id = 'pay_announced' and exists (select 1 from flag)`)
    : database.db.execute(sql`update payments set status = ${status} where id = 'pay_announced'`);

/** What the listener has heard once a marker announced after `action` arrives: all before it. */
async function heardAround(action: () => Promise<unknown>): Promise<StatusEvent[]> {
  const from = heard.length;
  await action();
  const marker = `marker_${from}`;
  await database.db.execute(
    sql`select pg_notify(${statusChannel}, json_build_object('app_id', 'demo-id',
      'customer_id', 'cus_announced', 'kind', 'payment', 'id', ${marker}::text)::text)`,
  );
  await waitFor(`the marker ${marker}`, () => heard.some((event) => event.id === marker));
  return heard.slice(from).filter((event) => event.id !== marker);
}

beforeAll(async () => {
  database = await createTestDatabase();
  stopListening = await database.listen(statusChannel, (payload) => {
    heard.push(JSON.parse(payload) as StatusEvent);
  });
  await database.db.execute(sql`
    insert into customers (id, app_id, identity_issuer, identity_subject, email)
    values ('cus_announced', 'demo-id', 'announced', 'announced', 'announced@example.com')`);
  await database.db.execute(sql`
    insert into payments (id, app_id, customer_id, idempotency_key, request_hash, type,
      channel_code, country, currency, amount, status)
    values ('pay_announced', 'demo-id', 'cus_announced', 'key', 'hash', 'PAY',
      'BCA_VIRTUAL_ACCOUNT', 'ID', 'IDR', 89000, 'CREATING')`);
  await database.db.execute(sql`
    insert into payment_lines (id, payment_id, position, product_id, product_name,
      product_category, product_description, product_image_path, price, currency, status)
    values ('line_announced', 'pay_announced', 0, 'id-ceramic-mug', 'Mug', 'Home', 'A mug',
      '/mug.png', 89000, 'IDR', 'PENDING')`);
});
afterAll(async () => {
  await stopListening?.();
  await database?.close();
});

describe('status announcements', () => {
  it('are made by the triggers for a change whose statement does not read the flag', async () => {
    const events = await heardAround(() => moveTo('REQUIRES_ACTION', false));
    expect(events).toEqual([
      { app_id: 'demo-id', customer_id: 'cus_announced', kind: 'payment', id: 'pay_announced' },
    ]);
  });

  it("are left to the caller for a flagged statement's changes, its lines' too", async () => {
    const events = await heardAround(async () => {
      await moveTo('PENDING', true);
      await database.db.execute(sql`
        with flag as (select ${announcedAfterCommit} as set)
        update payment_lines set status = 'PAID'
        where payment_id = 'pay_announced' and exists (select 1 from flag)`);
    });
    expect(events).toEqual([]);
  });

  it('are made by the triggers again in the next transaction', async () => {
    const events = await heardAround(() => moveTo('SUCCEEDED', false));
    expect(events.map((event) => event.id)).toEqual(['pay_announced']);
  });

  it('are sent by announceCommitted as given and in order, none for none', async () => {
    const { announceCommitted } = createStatusAnnouncer(database.db);
    const of = { app_id: 'demo-id', customer_id: 'cus_announced' };
    const line = { ...of, kind: 'order_line', id: 'line_announced', payment_id: 'pay_announced' };
    const given: StatusEvent[] = [
      { ...of, kind: 'payment', id: 'pay_announced' },
      line as StatusEvent,
      { ...of, kind: 'payment', id: 'pay_other' },
    ];
    const from = heard.length;
    announceCommitted(given.slice(0, 2));
    announceCommitted([]);
    announceCommitted(given.slice(2));
    await waitFor('the announced changes', () => heard.length >= from + given.length);
    expect(heard.slice(from)).toEqual(given);
    // Nothing more: the empty announcement sent nothing of its own.
    expect(await heardAround(async () => undefined)).toEqual([]);
  });

  it('are all sent when sendAll resolves, without their wait', async () => {
    const { announceCommitted, sendAll } = createStatusAnnouncer(database.db);
    const event: StatusEvent = {
      app_id: 'demo-id',
      customer_id: 'cus_announced',
      kind: 'payment',
      id: 'pay_closing',
    };
    const events = await heardAround(async () => {
      announceCommitted([event]);
      await sendAll();
    });
    expect(events).toEqual([event]);
  });
});

describe('announcement batches', () => {
  const event = (id: string): StatusEvent => ({
    app_id: 'demo-id',
    customer_id: 'cus_batches',
    kind: 'payment',
    id,
  });
  /** A sender whose statements end when the test says, recording each batch's ids. */
  function slowSender() {
    const batches: string[][] = [];
    const ends: Array<(failed?: boolean) => void> = [];
    const send = (payloads: string) => {
      batches.push(
        (JSON.parse(payloads) as string[]).map(
          (payload) => (JSON.parse(payload) as StatusEvent).id,
        ),
      );
      return new Promise<void>((resolve, reject) =>
        ends.push((failed) => (failed ? reject(new Error('refused')) : resolve())),
      );
    };
    return { batches, ends, send };
  }

  it('send one batch at a time, and what came meanwhile whole in the next', async () => {
    vi.useFakeTimers();
    try {
      const sender = slowSender();
      const { announceCommitted, sendAll } = announcementBatches(sender.send);
      announceCommitted([event('a')]);
      announceCommitted([event('b')]);
      expect(sender.batches).toEqual([]);
      await vi.advanceTimersByTimeAsync(5);
      expect(sender.batches).toEqual([['a', 'b']]);
      // The first statement is slow: what comes meanwhile waits for it, in one batch, however long.
      announceCommitted([event('c')]);
      await vi.advanceTimersByTimeAsync(50);
      announceCommitted([event('d'), event('e')]);
      await vi.advanceTimersByTimeAsync(50);
      expect(sender.batches).toEqual([['a', 'b']]);
      sender.ends[0]!();
      await vi.advanceTimersByTimeAsync(0);
      expect(sender.batches).toEqual([
        ['a', 'b'],
        ['c', 'd', 'e'],
      ]);
      // A refused batch is dropped; the next goes on. sendAll sends without the wait.
      announceCommitted([event('f')]);
      sender.ends[1]!(true);
      const done = sendAll();
      await vi.advanceTimersByTimeAsync(0);
      expect(sender.batches.at(-1)).toEqual(['f']);
      sender.ends[2]!();
      await done;
      expect(sender.batches).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
