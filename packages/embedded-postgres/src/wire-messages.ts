import { protocol, type PGlite } from '@electric-sql/pglite';

export type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

const { messages } = protocol;

/** Messages (or an answer's chunks) one after another in one buffer. */
export function joinMessages(messages: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    joined.set(message, offset);
    offset += message.length;
  }
  return joined;
}

/**
 * The frontend messages that run a prepared statement once, its parameters in text (or binary,
 * for a byte array, as PGlite's serializer sends one): Bind, Execute, Sync, in one buffer, byte
 * for byte what PGlite's `serialize.bind`, `serialize.execute({})` and `serialize.sync()` make.
 *
 * Why not those: PGlite's writer counts each string's bytes in a loop of its own, starts every
 * message in a buffer of 256 bytes that it grows by half as it goes, and keeps its state in
 * private fields compiled to WeakMaps; a create's answer, with its 2.8 KB exchange, cost about 50
 * µs to serialise so, against 4 written here (README, Performance).
 */
export function bindExecuteSync(
  statement: string,
  values: ReadonlyArray<string | ArrayBufferView | ArrayBuffer | null>,
): Uint8Array {
  const count = values.length;
  if (count > 0xffff) throw new RangeError(`A statement takes at most 65535 parameters`);
  const encoded: Array<string | Uint8Array | null> = new Array(count);
  const lengths: number[] = new Array(count);
  let size = 1 + 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 * count + 2 + 2;
  for (let i = 0; i < count; i++) {
    const value: unknown = values[i];
    let item: string | Uint8Array | null;
    if (value === null || typeof value === 'string') item = value;
    else if (ArrayBuffer.isView(value)) {
      item = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    } else if (value instanceof ArrayBuffer) item = new Uint8Array(value);
    // As PGlite's serializer: a value its type's serializer did not make text of is a mistake.
    else throw new TypeError(`Parameter $${i + 1} is neither text, bytes nor null`);
    encoded[i] = item;
    const length =
      item === null ? -1 : typeof item === 'string' ? Buffer.byteLength(item) : item.byteLength;
    lengths[i] = length;
    size += 4 + Math.max(length, 0);
  }
  const bind = size;
  size += executeAndSync.length;
  // A buffer of its own, not a slice of Node's shared pool: the database thread is handed the
  // message's ArrayBuffer (transferred), and Node refuses to transfer the pool (Node 21 and later
  // throw; 20 copies all 8 KB of it).
  const out = Buffer.allocUnsafeSlow(size);
  out[0] = 0x42; // Bind
  out.writeInt32BE(bind - 1, 1);
  let offset = 5;
  out[offset++] = 0; // the unnamed portal
  offset += out.write(statement, offset);
  out[offset++] = 0;
  offset = out.writeUInt16BE(count, offset);
  for (let i = 0; i < count; i++) {
    offset = out.writeInt16BE(encoded[i] instanceof Uint8Array ? 1 : 0, offset);
  }
  offset = out.writeUInt16BE(count, offset);
  for (let i = 0; i < count; i++) {
    const item = encoded[i];
    offset = out.writeInt32BE(lengths[i] ?? -1, offset);
    if (typeof item === 'string') offset += out.write(item, offset);
    else if (item) {
      out.set(item, offset);
      offset += item.byteLength;
    }
  }
  offset = out.writeInt16BE(0, offset); // every result column in text
  out.set(executeAndSync, offset);
  return out;
}

/** Execute (the unnamed portal, every row), then Sync. */
const executeAndSync = new Uint8Array([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4]);

/** The messages without a body, as PGlite's parser hands them on (the same objects). */
const bodiless: Record<number, BackendMessage> = {
  0x31: messages.parseComplete,
  0x32: messages.bindComplete,
  0x33: messages.closeComplete,
  0x6e: messages.noData,
  0x73: messages.portalSuspended,
  0x49: messages.emptyQuery,
};

/**
 * A whole answer of the backend as messages: the objects PGlite's `protocol.Parser` makes (its
 * classes, the same fields), for the messages a statement's answer holds, errors and notices
 * included. An answer with any other message (a copy, the start of a session's) is read by
 * PGlite's parser itself.
 *
 * Why not that parser alone: it copies the answer, then every field of every row into a buffer of
 * its own before decoding it, and a create's answer of one row cost about 40 µs to read so. Here a
 * text is decoded where it lies. One difference, deliberate: a text that begins with U+FEFF keeps
 * it, where PGlite's decoder (a TextDecoder, which drops a leading byte-order mark) loses it; the
 * answers PGlite's parser still reads hold no text of a row, an error or a notice.
 */
export function readBackendMessages(answer: Uint8Array): BackendMessage[] {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const read: BackendMessage[] = [];
  const cstring = (start: number): [string, number] => {
    const end = bytes.indexOf(0, start);
    if (end < 0) throw new RangeError('a string without its terminator');
    return [bytes.toString('utf8', start, end), end + 1];
  };
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const code = bytes[offset] as number;
    const length = bytes.readUInt32BE(offset + 1);
    const end = offset + 1 + length;
    if (length < 4 || end > bytes.length) break;
    let at = offset + 5;
    switch (code) {
      case 0x44: {
        // DataRow
        const count = bytes.readInt16BE(at);
        at += 2;
        const fields: Array<string | null> = new Array(count);
        for (let i = 0; i < count; i++) {
          const size = bytes.readInt32BE(at);
          at += 4;
          if (size === -1) fields[i] = null;
          else {
            fields[i] = bytes.toString('utf8', at, at + size);
            at += size;
          }
        }
        read.push(new messages.DataRowMessage(length, fields));
        break;
      }
      case 0x54: {
        // RowDescription
        const count = bytes.readInt16BE(at);
        at += 2;
        const message = new messages.RowDescriptionMessage(length, count);
        for (let i = 0; i < count; i++) {
          const [name, next] = cstring(at);
          at = next;
          message.fields[i] = new messages.Field(
            name,
            bytes.readInt32BE(at),
            bytes.readInt16BE(at + 4),
            bytes.readInt32BE(at + 6),
            bytes.readInt16BE(at + 10),
            bytes.readInt32BE(at + 12),
            bytes.readInt16BE(at + 16) === 0 ? 0 : 1,
          );
          at += 18;
        }
        read.push(message);
        break;
      }
      case 0x43: // CommandComplete
        read.push(new messages.CommandCompleteMessage(length, cstring(at)[0]));
        break;
      case 0x5a: // ReadyForQuery
        read.push(new messages.ReadyForQueryMessage(length, bytes.toString('utf8', at, at + 1)));
        break;
      case 0x74: {
        // ParameterDescription
        const count = bytes.readUInt16BE(at);
        const message = new messages.ParameterDescriptionMessage(length, count);
        for (let i = 0; i < count; i++) message.dataTypeIDs[i] = bytes.readInt32BE(at + 2 + 4 * i);
        read.push(message);
        break;
      }
      case 0x45: // ErrorResponse
      case 0x4e: {
        // NoticeResponse: fields of a one-byte type and a text, as PGlite's parser sets them
        const fields: Record<string, string> = {};
        while (bytes[at] !== 0 && at < end) {
          const type = String.fromCharCode(bytes[at] as number);
          const [value, next] = cstring(at + 1);
          fields[type] = value;
          at = next;
        }
        const message =
          code === 0x45
            ? new messages.DatabaseError(fields.M as string, length, 'error')
            : new messages.NoticeMessage(length, fields.M);
        message.severity = fields.S;
        message.code = fields.C;
        message.detail = fields.D;
        message.hint = fields.H;
        message.position = fields.P;
        message.internalPosition = fields.p;
        message.internalQuery = fields.q;
        message.where = fields.W;
        message.schema = fields.s;
        message.table = fields.t;
        message.column = fields.c;
        message.dataType = fields.d;
        message.constraint = fields.n;
        message.file = fields.F;
        message.line = fields.L;
        message.routine = fields.R;
        read.push(message);
        break;
      }
      case 0x53: {
        // ParameterStatus
        const [name, next] = cstring(at);
        read.push(new messages.ParameterStatusMessage(length, name, cstring(next)[0]));
        break;
      }
      case 0x41: {
        // NotificationResponse
        const processId = bytes.readInt32BE(at);
        const [channel, next] = cstring(at + 4);
        const [payload] = cstring(next);
        read.push(new messages.NotificationResponseMessage(length, processId, channel, payload));
        break;
      }
      default: {
        const message = bodiless[code];
        if (!message) return readByPglite(answer);
        read.push(message);
      }
    }
    offset = end;
  }
  return read;
}

/**
 * A statement's answer as messages, or its first error thrown, as PGlite's `execProtocol` answers
 * (it keeps the first error and drops what follows).
 */
export function messagesOrError(answer: Uint8Array): BackendMessage[] {
  const read = readBackendMessages(answer);
  const error = read.find((message) => message.name === 'error');
  if (error) throw error;
  return read;
}

function readByPglite(answer: Uint8Array): BackendMessage[] {
  const read: BackendMessage[] = [];
  new protocol.Parser().parse(answer, (message) => read.push(message as BackendMessage));
  return read;
}
