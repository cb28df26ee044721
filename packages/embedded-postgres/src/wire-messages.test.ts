import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindExecuteSync,
  joinMessages,
  readBackendMessages,
  type BackendMessage,
} from './wire-messages.ts';

const { serialize } = protocol;

/** What PGlite's own serializer sends for the same statement and values. */
const pgliteBind = (statement: string, values: Array<string | Uint8Array | null>) =>
  joinMessages([serialize.bind({ statement, values }), serialize.execute({}), serialize.sync()]);

describe('bindExecuteSync', () => {
  const cases: Record<string, [string, Array<string | Uint8Array | null>]> = {
    'no parameters': ['prepared_0', []],
    'nulls and empty strings': ['prepared_1', [null, '', null, 'x']],
    'two-, three- and four-byte characters': ['prepared_2', ['é', '中文', '😀 and 𝄞', 'ünï€ødé']],
    'a long text': ['prepared_3', ['{"exchange": "' + 'x'.repeat(100_000) + '"}']],
    'a byte array, sent in binary': ['prepared_4', [new Uint8Array([0, 1, 2, 255]), 'after']],
    'a statement named in Unicode': ['prepared_é', ['a']],
    'many parameters': ['prepared_5', Array.from({ length: 300 }, (_, i) => String(i))],
  };
  it.each(Object.entries(cases))('writes what PGlite writes: %s', (_, [statement, values]) => {
    expect(Buffer.from(bindExecuteSync(statement, values))).toEqual(
      Buffer.from(pgliteBind(statement, values)),
    );
  });

  it('writes a buffer of its own, which the database thread can be handed', () => {
    const message = bindExecuteSync('prepared_6', ['short']);
    expect(message.byteOffset).toBe(0);
    expect(message.buffer.byteLength).toBe(message.byteLength);
  });

  it('writes a lone surrogate as the replacement character, as a TextEncoder does', () => {
    const lone = 'a\ud800b\udc00c';
    const message = Buffer.from(bindExecuteSync('prepared_7', [lone]));
    expect(message.includes(Buffer.from(new TextEncoder().encode(lone)))).toBe(true);
  });

  // PGlite's serializer throws on these too, but leaves its shared writer half written: not called here.
  it('refuses a value that is neither text, bytes nor null', () => {
    for (const value of [undefined, 42, { a: 1 }]) {
      expect(() => bindExecuteSync('prepared_8', [value as unknown as string])).toThrow(TypeError);
    }
  });

  it('runs on PostgreSQL: the values arrive as they were', async () => {
    const pglite = await PGlite.create();
    await pglite.execProtocolRaw(
      joinMessages([
        serialize.parse({ name: 'echo', text: 'select $1::text, $2::text' }),
        serialize.sync(),
      ]),
    );
    const { messages } = await pglite.execProtocol(bindExecuteSync('echo', ['😀 é', null]));
    expect(messages.find((message) => message.name === 'dataRow')).toMatchObject({
      fields: ['😀 é', null],
    });
    await pglite.close();
  });
});

describe('readBackendMessages', () => {
  let pglite: PGlite;
  /** The backend's answer to `message`, as bytes. */
  async function answerTo(message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    await pglite.execProtocolRawStream(message, {
      onRawData: (bytes) => chunks.push(bytes.slice()),
    });
    return joinMessages(chunks);
  }
  function pgliteRead(answer: Uint8Array): BackendMessage[] {
    const read: BackendMessage[] = [];
    new protocol.Parser().parse(answer, (message) => read.push(message as BackendMessage));
    return read;
  }

  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table item (
      id int primary key, name text, tags text[], details jsonb, price numeric, at timestamptz,
      raw bytea, flag boolean
    )`);
    await pglite.exec(`insert into item values
      (1, 'Kopi ☕ and 𝄞', '{a,"b c"}', '{"k": [1, "é", null]}', 12.50, now(), '\\x00ff', true),
      (2, null, null, null, null, null, null, null),
      (3, '', '{}', '{}', 0, '2026-12-01T00:00:00Z', '\\x', false),
      (4, repeat('long ', 20000), null, null, null, null, null, null)`);
    await pglite.exec(`listen "store_status"`);
  });
  afterAll(() => pglite?.close());

  /** Each answer, and messages it must hold, so that the comparison covers them. */
  const statements: Record<string, [() => Uint8Array, string[]]> = {
    'a prepared statement described': [
      () =>
        joinMessages([
          serialize.parse({
            name: 'by_id',
            text: 'select * from item where id = $1 and $2::text is not null',
          }),
          serialize.describe({ type: 'S', name: 'by_id' }),
          serialize.sync(),
        ]),
      ['parseComplete', 'parameterDescription', 'rowDescription', 'readyForQuery'],
    ],
    'rows of every kind, nulls, Unicode and a long text': [
      () =>
        joinMessages([
          serialize.parse({ text: 'select *, id::text as "naïve name" from item order by id' }),
          serialize.bind({}),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      ['bindComplete', 'rowDescription', 'dataRow', 'commandComplete'],
    ],
    'a statement without rows': [
      () =>
        joinMessages([
          serialize.parse({ name: 'write', text: 'update item set flag = not flag where id = 1' }),
          serialize.describe({ type: 'S', name: 'write' }),
          serialize.sync(),
        ]),
      ['noData'],
    ],
    'an insert and its notification': [
      () =>
        serialize.query(
          `insert into item (id) values (10); notify store_status, '{"kind":"payment","id":"pay_é"}'`,
        ),
      ['commandComplete', 'notification'],
    ],
    'several statements': [
      () => serialize.query('select 1; select 2 as two'),
      ['rowDescription', 'dataRow'],
    ],
    'an empty query': [() => serialize.query(''), ['emptyQuery']],
    'a prepared statement closed': [
      () => joinMessages([serialize.close({ type: 'S', name: 'by_id' }), serialize.sync()]),
      ['closeComplete'],
    ],
    'an error, with its fields': [
      () => serialize.query('insert into item (id) values (1)'),
      ['error'],
    ],
    'a notice before rows': [
      () => serialize.query(`do $$ begin raise notice 'careful: %', 'é'; end $$; select 1 as one`),
      ['notice', 'dataRow'],
    ],
  };
  it.each(Object.entries(statements))(
    'reads what PGlite reads: %s',
    async (_, [message, holds]) => {
      const answer = await answerTo(message());
      const read = readBackendMessages(answer);
      expect(read).toStrictEqual(pgliteRead(answer));
      expect(read.map((each) => each.name)).toEqual(expect.arrayContaining(holds));
    },
  );

  it('keeps a leading byte-order mark in rows, notices and errors, which PGlite’s decoder drops', async () => {
    const answer = await answerTo(
      serialize.query(
        `do $$ begin raise notice E'\\ufeffnotice'; end $$; select E'\\ufeffmark' as text;
         do $$ begin raise exception E'\\ufefferror'; end $$`,
      ),
    );
    const texts = (messages: BackendMessage[]) =>
      messages.flatMap((message) =>
        message.name === 'dataRow'
          ? (message as unknown as { fields: string[] }).fields
          : message.name === 'notice' || message.name === 'error'
            ? [(message as unknown as { message: string }).message]
            : [],
      );
    expect(texts(readBackendMessages(answer))).toEqual([
      '\ufeffnotice',
      '\ufeffmark',
      '\ufefferror',
    ]);
    expect(texts(pgliteRead(answer))).toEqual(['notice', 'mark', 'error']);
  });

  it('reads a parameter reported as PGlite does (a server sends them; PGlite does not)', () => {
    const body = Buffer.from('application_name\0store é\0');
    const status = Buffer.concat([
      Buffer.from([0x53, 0, 0, 0, 0]),
      body,
      Buffer.from([0x5a, 0, 0, 0, 5, 0x49]),
    ]);
    status.writeUInt32BE(4 + body.length, 1);
    const read = readBackendMessages(status);
    expect(read).toStrictEqual(pgliteRead(status));
    expect(read[0]).toMatchObject({ name: 'parameterStatus', parameterValue: 'store é' });
  });

  it('reads an answer that lies inside a larger buffer', async () => {
    const answer = await answerTo(serialize.query(`select 'inside' as here`));
    const larger = new Uint8Array(answer.length + 20);
    larger.set(answer, 7);
    expect(readBackendMessages(larger.subarray(7, 7 + answer.length))).toStrictEqual(
      pgliteRead(answer),
    );
  });
});
