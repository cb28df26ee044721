import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDatabaseThread } from './database-thread.ts';
import { compiledPglite, openEmbeddedPostgres } from './index.ts';
import {
  inThreadConnection,
  withPreparedStatements,
  type StatementTransaction,
  type WireConnection,
} from './prepared-statements.ts';

const schema = `create table item (
  id int primary key,
  name text not null,
  tags text[] not null default '{}',
  details jsonb,
  created_at timestamptz not null default now()
)`;

/**
 * A new database's data directory, made once: each database below opens a copy of it, since
 * initdb takes seconds on a busy machine and a copy a fraction of that.
 */
let newDatabase: Promise<Blob> | undefined;
const fresh = () =>
  (newDatabase ??= PGlite.create().then(async (pglite) => {
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    return dump;
  }));

const connections: Record<
  string,
  () => Promise<{ connection: WireConnection; close(): Promise<void> }>
> = {
  'PGlite on this thread': async () => {
    const pglite = await PGlite.create({ loadDataDir: await fresh() });
    return { connection: inThreadConnection(pglite), close: () => pglite.close() };
  },
  'PGlite on a thread of its own': async () => {
    const thread = await startDatabaseThread({
      dataDir: null,
      from: await fresh(),
      startParams: PGlite.defaultStartParams,
      module: await compiledPglite(),
    });
    return { connection: thread.connection, close: thread.close };
  },
};

describe.each(Object.entries(connections))('withPreparedStatements, %s', (_, open) => {
  let connection: WireConnection;
  let close: () => Promise<void>;
  /** PGlite's own answers, from a database that is given the same statements. */
  let oracle: PGlite;

  beforeAll(async () => {
    oracle = await PGlite.create({ loadDataDir: await fresh() });
    await oracle.exec(schema);
    ({ connection, close } = await open());
    await withPreparedStatements(connection).transaction((transaction) => transaction.exec(schema));
  });

  afterAll(async () => {
    await close();
    await oracle.close();
  });

  async function preparedCount(text: string): Promise<number> {
    const { rows } = await withPreparedStatements(connection).query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements where statement = $1',
      [text],
    );
    return rows[0]?.count ?? 0;
  }

  it('answers as PGlite does, for each kind of parameter and both row modes', async () => {
    const client = withPreparedStatements(connection);
    const insert =
      'insert into item (id, name, tags, details, created_at) values ($1, $2, $3, $4, $5) returning *';
    const values = [1, 'first', ['a', 'b'], { nested: [1, 2] }, new Date('2026-01-02T03:04:05Z')];
    const inserted = await client.query(insert, values);
    expect(inserted).toEqual(await oracle.query(insert, values));
    expect(inserted.affectedRows).toBe(1);
    const select = 'select * from item where id = $1 and name = $2';
    for (const rowMode of ['object', 'array'] as const) {
      const expected = await oracle.query(select, [1, 'first'], { rowMode });
      expect(await client.query(select, [1, 'first'], { rowMode })).toEqual(expected);
    }
    expect(inserted.rows).toEqual((await oracle.query('select * from item where id = 1')).rows);
    const keepText = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    const { rows } = await client.query<{ created_at: unknown }>(select, [1, 'first'], keepText);
    expect(rows[0]?.created_at).toBe('2026-01-02 03:04:05+00');
    const nulls = await client.query('select $1::text as nothing', [null]);
    expect(nulls.rows).toEqual([{ nothing: null }]);
  });

  it('prepares a statement once and runs it again with new parameters', async () => {
    const client = withPreparedStatements(connection);
    const text = 'select $1::int + 1 as next';
    expect((await client.query(text, [1])).rows).toEqual([{ next: 2 }]);
    expect((await client.query(text, [41])).rows).toEqual([{ next: 42 }]);
    expect(await preparedCount(text)).toBe(1);
  });

  it('keeps only the most recently used statements, and runs an evicted one again', async () => {
    const client = withPreparedStatements(connection, 2);
    const texts = ['select 1 as one', 'select 2 as two', 'select 3 as three'];
    for (const text of texts) await client.query(text);
    expect(await preparedCount(texts[0]!)).toBe(0);
    expect(await preparedCount(texts[1]!)).toBe(1);
    expect(await preparedCount(texts[2]!)).toBe(1);
    expect((await client.query(texts[0]!)).rows).toEqual([{ one: 1 }]);
    expect(await preparedCount(texts[1]!)).toBe(0);
  });

  it('rejects with the database error and goes on working after it', async () => {
    const client = withPreparedStatements(connection);
    const insert = 'insert into item (id, name) values ($1, $2)';
    await client.query(insert, [2, 'second']);
    await expect(client.query(insert, [2, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('select * from missing_table')).rejects.toMatchObject({
      code: '42P01',
    });
    const { rows } = await client.query('select name from item where id = $1', [2]);
    expect(rows).toEqual([{ name: 'second' }]);
  });

  it('rolls back what a failed transaction wrote through its prepared statements', async () => {
    const client = withPreparedStatements(connection);
    const insert = 'insert into item (id, name) values ($1, $2)';
    await expect(
      client.transaction(async (transaction) => {
        await transaction.query(insert, [3, 'third']);
        await transaction.query(insert, [3, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await client.query('select count(*)::int as count from item where id = 3');
    expect(rows).toEqual([{ count: 0 }]);
  });

  it('runs a statement from outside a transaction after it, not inside it', async () => {
    const client = withPreparedStatements(connection);
    const insert = 'insert into item (id, name) values ($1, $2)';
    let outside: Promise<unknown> | undefined;
    await expect(
      client.transaction(async (transaction) => {
        await transaction.query(insert, [4, 'in the transaction']);
        outside = client.query(insert, [5, 'outside']);
        // Give the outside statement every chance to run before the transaction ends.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    const { rows } = await client.query('select id from item where id in (4, 5) order by id');
    expect(rows).toEqual([{ id: 5 }]);
  });

  it('runs a statement asked for before the transaction ended inside it, never after it', async () => {
    const client = withPreparedStatements(connection);
    const insert = 'insert into item (id, name) values ($1, $2)';
    await client.query(insert, [6, 'kept']);
    let late: Promise<unknown> | undefined;
    await expect(
      client.transaction(async (transaction) => {
        const duplicate = transaction.query(insert, [6, 'duplicate']);
        // Asked for as the transaction fails, before its ROLLBACK: it fails inside the
        // transaction, or finds it closed; it is never run on its own after the ROLLBACK.
        void duplicate.catch(async () => {
          late = transaction.query(insert, [7, 'after the failure']).catch(() => 'refused');
          await late;
        });
        await duplicate;
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await late).toBe('refused');
    const { rows } = await client.query('select id from item where id in (6, 7) order by id');
    expect(rows).toEqual([{ id: 6 }]);
    // A closed transaction's statement is a rejected promise, as with PGlite, not a throw.
    let kept: StatementTransaction | undefined;
    await client.transaction(async (transaction) => {
      kept = transaction;
    });
    await expect(kept?.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('ends a transaction before any other statement, even a ROLLBACK not waited for', async () => {
    const client = withPreparedStatements(connection);
    const insert = 'insert into item (id, name) values ($1, $2)';
    await client.transaction(async (transaction) => {
      void transaction.query(insert, [8, 'rolled back']);
      void transaction.rollback();
    });
    await client.query(insert, [9, 'after the transaction']);
    const { rows } = await client.query('select id from item where id in (8, 9) order by id');
    expect(rows).toEqual([{ id: 9 }]);
  });

  it('prepares a statement again once its table changed shape', async () => {
    const client = withPreparedStatements(connection);
    await client.transaction((transaction) =>
      transaction.exec('create table shape (id int); insert into shape values (1)'),
    );
    const read = 'select * from shape';
    expect((await client.query(read)).rows).toEqual([{ id: 1 }]);
    await client.transaction((transaction) =>
      transaction.exec('alter table shape add column size int default 7'),
    );
    expect((await client.query(read)).rows).toEqual([{ id: 1, size: 7 }]);
    expect((await client.query(read)).rows).toEqual([{ id: 1, size: 7 }]);
  });
});

describe('withPreparedStatements, its lock', () => {
  it('answers a statement in its turn while transactions keep coming after it', async () => {
    // A database that answers every exchange on the event loop's next turn, with nothing.
    const connection: WireConnection = {
      exchange: () => new Promise((resolve) => setImmediate(() => resolve([]))),
      parsers: { ...types.parsers } as WireConnection['parsers'],
      serializers: { ...types.serializers } as WireConnection['serializers'],
    };
    const client = withPreparedStatements(connection);
    let transactions = 0;
    const keepTransacting = async () => {
      while (transactions < 300) {
        await client.transaction((transaction) => transaction.query('select 1'));
        transactions++;
      }
    };
    const loops = [keepTransacting(), keepTransacting(), keepTransacting()];
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = transactions;
    await client.query('select 2');
    const ranAhead = transactions - before;
    await Promise.all(loops);
    // Those already waiting when it was asked for, not every one that came after it.
    expect(ranAhead).toBeLessThan(5);
  });
});

describe.each([
  ['on this thread', false],
  ['on a thread of its own', true],
])('openEmbeddedPostgres %s', (_, thread) => {
  it('delivers notifications, dumps, and answers a copy opened from its dump', async () => {
    const database = await openEmbeddedPostgres(null, { from: await fresh(), thread });
    const payloads: string[] = [];
    const stop = await database.listen('changes', (payload) => payloads.push(payload));
    await database.client.transaction(async (transaction) => {
      await transaction.exec('create table note (body text not null)');
      await transaction.query('insert into note (body) values ($1)', ['kept']);
      await transaction.query("select pg_notify('changes', 'one')");
    });
    // A rolled-back transaction's notification is never sent.
    await expect(
      database.client.transaction(async (transaction) => {
        await transaction.query("select pg_notify('changes', 'undone')");
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.client.query("select pg_notify('changes', 'two')");
    await expect.poll(() => payloads).toEqual(['one', 'two']);
    await stop();
    await database.client.query("select pg_notify('changes', 'unheard')");

    const copy = await openEmbeddedPostgres(null, { from: await database.dump(), thread });
    expect((await copy.client.query('select body from note')).rows).toEqual([{ body: 'kept' }]);
    await copy.close();
    await database.close();
    expect(payloads).toEqual(['one', 'two']);
  });

  it('fails every call, at once, after PostgreSQL stopped', async () => {
    const database = await openEmbeddedPostgres(null, { from: await fresh(), thread });
    await database.client.transaction((transaction) => transaction.exec('create table cp (n int)'));
    // PGlite's PostgreSQL exits on COPY from its standard input, which it does not have; PGlite
    // then hangs on its next call.
    await expect(database.client.query('copy cp from stdin')).rejects.toThrow();
    await expect(database.client.query('select 1')).rejects.toThrow(
      thread ? 'the database thread exited' : 'Program terminated',
    );
    await database.close();
  });

  it('rejects every call once closed', async () => {
    const database = await openEmbeddedPostgres(null, { from: await fresh(), thread });
    await database.close();
    await expect(database.client.query('select 1')).rejects.toThrow();
  });
});
