import {
  API_VERSION,
  createXenditClient,
  type XenditClient,
  type XenditClientOptions,
} from '@store/xendit';
import { afterAll, beforeAll } from 'vitest';
import {
  createDefaultAccount,
  type XenditSimulator,
  type XenditSimulatorOptions,
} from '../index.ts';
import type { WireExchange } from './published-description.ts';
import { startTestSimulator } from './test-simulator.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

type Json = Record<string, unknown>;

/** The provider's authentication: the key as the user name, with no password. */
const basicAuth = (secretKey: string) => `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

export type SimulatorSettings = Omit<XenditSimulatorOptions, 'port'>;

export type SimulatorUnderTestOptions = {
  /** Begins the keys `key` makes (default `key`), so that a file's keys and references stand out. */
  keyPrefix?: string;
  /**
   * What the file's simulator starts with, beside what `start` gives every one. false: none is
   * started before the tests, which start theirs with `start`.
   */
  simulator?: SimulatorSettings | false;
  /** false: no webhook receiver, and the account keeps its default webhook URL. */
  receiver?: boolean;
  /** Sends api-version on /v3 paths, as the store's client does. */
  apiVersion?: boolean;
  /**
   * Sends a new idempotency key with every body, as a store does. false: only a key the call names
   * in its headers, for files that test the keys themselves or send none, as a browser does.
   */
  idempotencyKeys?: boolean;
  /** Starts nothing, for a file whose tests are all skipped (its prerequisite is absent). */
  skip?: boolean;
};

export type CallOptions = {
  /** The account's test secret key unless given. */
  secretKey?: string;
  /** Added last, so they replace the call's own. */
  headers?: Record<string, string>;
  /** A body sent as it is: one JSON.stringify cannot write (broken or over-deep JSON). */
  raw?: string;
  /** Another simulator than the file's own. */
  simulator?: XenditSimulator;
};

export type Method = 'GET' | 'POST' | 'PATCH';

export type Answer = {
  status: number;
  /** null for an answer with no body, as the published description's `checkExchange` wants. */
  body: Json;
};

export type Exchange = Answer & {
  headers: Headers;
  /** The call as it crossed the wire, for the published description to judge. */
  wire: WireExchange;
};

/**
 * The simulator a test file runs against, with a webhook receiver the account's webhooks go to,
 * and calls authenticated as the account. Called at the top of a file (or of a describe), it
 * registers the beforeAll that starts them and the afterAll that closes them: read `simulator` and
 * `receiver` inside hooks and tests, once they have started.
 */
export function simulatorUnderTest(options: SimulatorUnderTestOptions = {}) {
  const account = createDefaultAccount();
  let simulator: XenditSimulator | undefined;
  let receiver: WebhookReceiver | undefined;
  let sequence = 0;
  const key = () => `${options.keyPrefix ?? 'key'}-${Date.now()}-${(sequence += 1)}`;

  /** One more simulator on the file's receiver and account; the caller closes it. */
  const start = (settings: SimulatorSettings = {}) =>
    startTestSimulator({
      port: 0,
      ...(receiver && { accounts: [createDefaultAccount({ webhookUrl: receiver.url })] }),
      pollIntervalMs: 50,
      ...settings,
    });

  beforeAll(async () => {
    if (options.skip) return;
    if (options.receiver !== false) receiver = await startWebhookReceiver();
    if (options.simulator !== false) simulator = await start(options.simulator);
  });

  afterAll(async () => {
    await simulator?.close();
    await receiver?.close();
  });

  const running = () => {
    if (!simulator) {
      throw new Error('No simulator of the file runs: name one, or call from a hook or test');
    }
    return simulator;
  };

  async function exchange(
    method: Method,
    path: string,
    body?: unknown,
    callOptions: CallOptions = {},
  ): Promise<Exchange> {
    const sent = callOptions.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const headers: Record<string, string> = {
      authorization: basicAuth(callOptions.secretKey ?? account.testSecretKey),
      ...(options.apiVersion && path.startsWith('/v3/') && { 'api-version': API_VERSION }),
      ...(sent !== undefined && { 'content-type': 'application/json' }),
      ...(sent !== undefined && options.idempotencyKeys !== false && { 'idempotency-key': key() }),
      ...callOptions.headers,
    };
    const url = `${(callOptions.simulator ?? running()).url}${path}`;
    const response = await fetch(url, { method, headers, body: sent });
    const text = await response.text();
    const answer = (text === '' ? null : JSON.parse(text)) as Json;
    return {
      status: response.status,
      headers: response.headers,
      body: answer,
      wire: {
        method,
        url,
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
        ),
        requestBody: body,
        status: response.status,
        responseBody: answer,
      },
    };
  }

  /** A call as the account's server makes it: its status and body. */
  async function call(...args: Parameters<typeof exchange>): Promise<Answer> {
    const { status, body } = await exchange(...args);
    return { status, body };
  }

  /**
   * The store's client of the provider, for the file's simulator (or another) with the account's
   * test secret key: made on first use, so that a file can name it before its simulator starts.
   */
  function client({
    simulator: target,
    ...settings
  }: Partial<XenditClientOptions> & { simulator?: XenditSimulator } = {}): XenditClient {
    let made: XenditClient | undefined;
    const make = () =>
      (made ??= createXenditClient({
        baseUrl: (target ?? running()).url,
        secretKey: account.testSecretKey,
        ...settings,
      }));
    return new Proxy({} as XenditClient, { get: (_, name) => Reflect.get(make(), name) });
  }

  return {
    account,
    key,
    call,
    exchange,
    client,
    start,
    get simulator() {
      return running();
    },
    get receiver() {
      if (!receiver) throw new Error('No receiver of the file runs: read it from a hook or test');
      return receiver;
    },
  };
}
