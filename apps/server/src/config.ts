import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Start-up fails with one line naming the variable, rather than later with a stack trace. */
export class ConfigError extends Error {}

const port = z.coerce.number().int().min(0).max(65535);

/**
 * The provider simulator's callback tokens, one per mode as the provider gives them. Public (they
 * are in this repository), so the store refuses them wherever a real provider could be reached.
 */
export const simulatorCallbackTokens = {
  development: 'simulator-callback-token',
  live: 'simulator-live-callback-token',
} as const;

const isLoopback = (address: string) =>
  ['localhost', '127.0.0.1', '[::1]'].includes(new URL(address).hostname) ||
  new URL(address).hostname.startsWith('127.');

/**
 * A callback token left at the simulator's public default would let anyone forge webhooks once
 * a real provider or live keys are in use: name the variable to set instead of starting.
 */
function checkCallbackTokens(e: z.infer<typeof envSchema>): void {
  const realProvider = e.XENDIT_BASE_URL !== undefined && !isLoopback(e.XENDIT_BASE_URL);
  const liveKeys = e.XENDIT_LIVE_SECRET_KEY !== 'xnd_production_simulator';
  const checks = [
    {
      name: 'XENDIT_CALLBACK_TOKEN',
      value: e.XENDIT_CALLBACK_TOKEN,
      simulator: simulatorCallbackTokens.development,
      needed: realProvider,
    },
    {
      name: 'XENDIT_LIVE_CALLBACK_TOKEN',
      value: e.XENDIT_LIVE_CALLBACK_TOKEN,
      simulator: simulatorCallbackTokens.live,
      needed: realProvider || liveKeys,
    },
  ];
  for (const check of checks) {
    if (check.needed && check.value === check.simulator) {
      throw new ConfigError(
        `Invalid configuration: ${check.name} must be set to the provider's callback token: the simulator's public default is refused with ${realProvider ? 'a real provider address' : 'live keys'}`,
      );
    }
  }
}
const url = z.url({ protocol: /^https?$/ });

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: url.optional(),
  STORE_INSTANCES: z.coerce.number().int().min(1).max(64).default(1),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  IDENTITY_SIM_PORT: port.default(4020),
  IDENTITY_SIM_URL: url.optional(),
  XENDIT_SIM_PORT: port.default(4010),
  /** The embedded provider simulator's limit per API key a minute (unset: its own default). */
  XENDIT_SIM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  XENDIT_SIM_EXPIRE_LIVE_SESSIONS: z.enum(['0', '1']).default('0'),
  /** The embedded provider simulator's state on a PostgreSQL server instead of its PGlite. */
  XENDIT_SIM_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Provider simulator processes sharing its port under --simulators-only (node:cluster). */
  XENDIT_SIM_INSTANCES: z.coerce.number().int().min(1).max(16).default(1),
  XENDIT_BASE_URL: url.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  XENDIT_CARDS_SCRIPT_URL: url.optional(),
  XENDIT_SECRET_KEY: z
    .string()
    .regex(/^xnd_development_/, 'must be a test secret key (xnd_development_...)')
    .default('xnd_development_simulator'),
  XENDIT_PUBLIC_KEY: z
    .string()
    .regex(/^xnd_public_development_/, 'must be a test public key (xnd_public_development_...)')
    .default('xnd_public_development_simulator'),
  XENDIT_LIVE_SECRET_KEY: z
    .string()
    .regex(/^xnd_production_/, 'must be a live secret key (xnd_production_...)')
    .default('xnd_production_simulator'),
  XENDIT_LIVE_PUBLIC_KEY: z
    .string()
    .regex(/^xnd_public_production_/, 'must be a live public key (xnd_public_production_...)')
    .default('xnd_public_production_simulator'),
  XENDIT_CALLBACK_TOKEN: z.string().min(8).default(simulatorCallbackTokens.development),
  XENDIT_LIVE_CALLBACK_TOKEN: z.string().min(8).default(simulatorCallbackTokens.live),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  LOGIN_APP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  LOGIN_IDENTITY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  OTP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  OTP_RESEND_LIMIT_PER_10_MINUTES: z.coerce.number().int().positive().default(3),
  PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  SUBSCRIPTIONS_PER_CUSTOMER: z.coerce.number().int().min(0).default(10),
  CREATES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  REQUESTS_IN_FLIGHT_PER_CUSTOMER: z.coerce.number().int().min(0).default(8),
  REQUESTS_IN_FLIGHT_PER_ADDRESS: z.coerce.number().int().min(0).default(32),
  PROVIDER_READS_PER_CUSTOMER_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  PROVIDER_READS_PER_APP_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  EVENT_STREAMS_PER_CUSTOMER: z.coerce.number().int().min(1).max(100).default(5),
  EVENT_STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).default(500),
  EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(15_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(10).optional(),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(10).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^[\d.:a-fA-F/, ]+$/, 'must be the addresses or CIDR ranges of the reverse proxies')
    .optional(),
  XENDIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  APM_TRACE_BASE_URL: url.default('https://app.datadoghq.com/apm/traces'),
  LOG_SEARCH_BASE_URL: url.default('https://app.datadoghq.com/logs'),
  ADMIN_DASHBOARD_BASE_URL: url.default('https://dashboard.xendit.co/logs'),
  MOBILE_APP_SCHEME: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*$/, 'must be a URL scheme such as xenditdemo')
    .default('xenditdemo'),
});

export interface IdentityConfig {
  /** Where the browser loads the Google Identity Services script (or the simulator's copy). */
  scriptUrl: string;
  clientId: string;
  jwksUrl: string;
  issuers: string[];
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Store processes sharing the port (node:cluster), all on the PostgreSQL server. */
  instances: number;
  /** postgres://... for a PostgreSQL server; otherwise a PGlite data directory, or `memory`. */
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  publicUrl: string;
  sessionSecret: string;
  sessionTtlSeconds: number;
  identity: IdentityConfig;
  xenditBaseUrl: string;
  xendit: {
    keys: Record<'development' | 'live', { secretKey: string; publicKey: string }>;
    /** The x-callback-token of each mode's webhooks (an app may override its own). */
    callbackTokens: Record<'development' | 'live', string>;
    timeoutMs: number;
  };
  /** Seconds between reconciliation rounds (payments and refunds left open); 0: only at start. */
  reconcileIntervalSeconds: number;
  xenditCardsScriptUrl: string;
  traceLinks: { apmTraceBaseUrl: string; logSearchBaseUrl: string; adminDashboardBaseUrl: string };
  mobileAppScheme: string;
  /**
   * Sign-ins per client address and per app, OTP tries per customer and per payment, OTP
   * resends per payment (per 10 minutes), payment creates per customer: counted in the database.
   */
  /**
   * The reverse proxies whose X-Forwarded-For is believed, so a client's address is its own and
   * not the proxy's; unset: the socket's address.
   */
  trustProxy: string[];
  /**
   * The simulators `npm start` runs beside the store, each only while configuration does not
   * point at the real service (GOOGLE_CLIENT_ID, XENDIT_BASE_URL).
   */
  simulators: {
    identity: { port: number } | null;
    xendit: {
      port: number;
      rateLimitPerMinute: number | undefined;
      /** Whether the simulator's session-expiry hook also takes live sessions (browser tests). */
      expireLiveSessions: boolean;
      /** Unset: PGlite in the data directory. */
      databaseUrl: string | undefined;
      /** More than one only on a PostgreSQL server, which they share. */
      instances: number;
      callbackTokens: Record<'development' | 'live', string>;
    } | null;
  };
  /**
   * What one client may hold open: live-status streams per customer (the oldest is closed for a
   * new one), per client address and per instance (429 beyond), the time to send a whole request (headers within
   * two thirds of it) before the connection is dropped (a socket silent that long, too), the sockets
   * an instance accepts, and those one client address may hold (a proxy of TRUST_PROXY excepted).
   */
  connections: {
    streamsPerCustomer: number;
    streamsPerAddress: number;
    streamsPerInstance: number;
    requestTimeoutMs: number;
    maxConnections: number;
    connectionsPerAddress: number;
  };
  rateLimits: {
    loginPerMinute: number;
    loginPerAppPerMinute: number;
    /** Verified sign-ins of one identity a minute, from any address. */
    loginPerIdentityPerMinute: number;
    otpPerMinute: number;
    otpResendsPer10Minutes: number;
    paymentCreatesPerMinute: number;
    /** Subscriptions not ended one customer may hold at once (0: no limit). */
    openSubscriptionsPerCustomer: number;
    /** Creates of every kind from one client address, whoever is signed in (0: no limit). */
    createsPerAddressPerMinute: number;
    /** Requests one customer, and one address, may have this instance answer at once (0: none). */
    requestsInFlight: { perCustomer: number; perAddress: number };
    /** Reads of news from the provider that customers trigger: per customer, and per app. */
    providerReadsPerCustomerPerMinute: number;
    providerReadsPerAppPerMinute: number;
  };
  logLevel: string;
  webDistDir: string;
}

/** Google's published values; the same verification path serves the simulator. */
const googleIdentity = {
  scriptUrl: 'https://accounts.google.com/gsi/client',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
};

/** The identity simulator's client id: what the embedded sign-in provider issues tokens for. */
export const simulatedGoogleClientId = 'demo-store.apps.identity-simulator';

/**
 * A quarter of the instance's sockets: one address cannot hold them all, and many customers
 * behind one address (an office, a mobile carrier's shared address, a load test) still get
 * theirs. A fixed 256 refused a load test's 500 creates at once from one machine, and would have
 * refused a busy carrier address before its customers were many.
 */
function defaultConnectionsPerAddress(maxConnections: number): number {
  return Math.max(10, Math.floor(maxConnections / 4));
}

/**
 * Half the process's open-file limit (Linux: /proc/self/limits; elsewhere 1024): the store's
 * sockets never take the descriptors the database, the provider client and, under `npm start`,
 * the simulators on their threads of the same process need.
 */
function defaultMaxConnections(): number {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const soft = Number(limits.match(/^Max open files\s+(\d+)/m)?.[1]);
    return Number.isFinite(soft) && soft > 0 ? Math.max(64, Math.floor(soft / 2)) : 1024;
  } catch {
    return 1024;
  }
}

function readOrCreateSecret(dataDir: string): string {
  const path = join(dataDir, 'session-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: ${String(issue?.path[0] ?? '?')} ${issue?.message ?? ''}`.trim(),
    );
  }
  const e = parsed.data;
  checkCallbackTokens(e);
  const maxConnections = e.MAX_CONNECTIONS ?? defaultMaxConnections();
  if (e.XENDIT_SIM_INSTANCES > 1 && !e.XENDIT_SIM_DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: XENDIT_SIM_INSTANCES ${e.XENDIT_SIM_INSTANCES} needs XENDIT_SIM_DATABASE_URL: the simulator's embedded database is single-process`,
    );
  }
  if (e.STORE_INSTANCES > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: STORE_INSTANCES ${e.STORE_INSTANCES} needs DATABASE_URL: the embedded database is single-instance`,
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const xenditBaseUrl = (e.XENDIT_BASE_URL ?? `http://localhost:${e.XENDIT_SIM_PORT}`).replace(
    /\/$/,
    '',
  );
  const identitySimUrl = e.IDENTITY_SIM_URL ?? `http://localhost:${e.IDENTITY_SIM_PORT}`;
  const identity: IdentityConfig = e.GOOGLE_CLIENT_ID
    ? { ...googleIdentity, clientId: e.GOOGLE_CLIENT_ID }
    : {
        scriptUrl: `${identitySimUrl}/gsi/client`,
        clientId: simulatedGoogleClientId,
        jwksUrl: `${identitySimUrl}/oauth2/v3/certs`,
        issuers: [identitySimUrl],
      };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    instances: e.STORE_INSTANCES,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'store') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    identity,
    xenditBaseUrl,
    xendit: {
      keys: {
        development: { secretKey: e.XENDIT_SECRET_KEY, publicKey: e.XENDIT_PUBLIC_KEY },
        live: { secretKey: e.XENDIT_LIVE_SECRET_KEY, publicKey: e.XENDIT_LIVE_PUBLIC_KEY },
      },
      callbackTokens: { development: e.XENDIT_CALLBACK_TOKEN, live: e.XENDIT_LIVE_CALLBACK_TOKEN },
      timeoutMs: e.XENDIT_TIMEOUT_MS,
    },
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    // The real provider serves its browser script from its own host, the simulator from its API host.
    xenditCardsScriptUrl:
      e.XENDIT_CARDS_SCRIPT_URL ??
      (e.XENDIT_BASE_URL
        ? 'https://js.xendit.co/cards-session.min.js'
        : `${xenditBaseUrl}/js/cards-session.min.js`),
    traceLinks: {
      apmTraceBaseUrl: e.APM_TRACE_BASE_URL,
      logSearchBaseUrl: e.LOG_SEARCH_BASE_URL,
      adminDashboardBaseUrl: e.ADMIN_DASHBOARD_BASE_URL,
    },
    mobileAppScheme: e.MOBILE_APP_SCHEME,
    simulators: {
      identity: e.GOOGLE_CLIENT_ID ? null : { port: e.IDENTITY_SIM_PORT },
      xendit: e.XENDIT_BASE_URL
        ? null
        : {
            port: e.XENDIT_SIM_PORT,
            rateLimitPerMinute: e.XENDIT_SIM_RATE_LIMIT_PER_MINUTE,
            expireLiveSessions: e.XENDIT_SIM_EXPIRE_LIVE_SESSIONS === '1',
            databaseUrl: e.XENDIT_SIM_DATABASE_URL,
            instances: e.XENDIT_SIM_INSTANCES,
            callbackTokens: {
              development: e.XENDIT_CALLBACK_TOKEN,
              live: e.XENDIT_LIVE_CALLBACK_TOKEN,
            },
          },
    },
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    connections: {
      streamsPerCustomer: e.EVENT_STREAMS_PER_CUSTOMER,
      streamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
      streamsPerInstance: e.EVENT_STREAMS_PER_INSTANCE,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      maxConnections,
      connectionsPerAddress:
        e.CONNECTIONS_PER_ADDRESS ?? defaultConnectionsPerAddress(maxConnections),
    },
    rateLimits: {
      loginPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
      loginPerAppPerMinute: e.LOGIN_APP_RATE_LIMIT_PER_MINUTE,
      loginPerIdentityPerMinute: e.LOGIN_IDENTITY_RATE_LIMIT_PER_MINUTE,
      otpPerMinute: e.OTP_RATE_LIMIT_PER_MINUTE,
      otpResendsPer10Minutes: e.OTP_RESEND_LIMIT_PER_10_MINUTES,
      paymentCreatesPerMinute: e.PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE,
      openSubscriptionsPerCustomer: e.SUBSCRIPTIONS_PER_CUSTOMER,
      createsPerAddressPerMinute: e.CREATES_PER_ADDRESS_PER_MINUTE,
      requestsInFlight: {
        perCustomer: e.REQUESTS_IN_FLIGHT_PER_CUSTOMER,
        perAddress: e.REQUESTS_IN_FLIGHT_PER_ADDRESS,
      },
      providerReadsPerCustomerPerMinute: e.PROVIDER_READS_PER_CUSTOMER_PER_MINUTE,
      providerReadsPerAppPerMinute: e.PROVIDER_READS_PER_APP_PER_MINUTE,
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
