import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** The provider's published description, read where it lies beside the project (never copied in). */
export const descriptionPath = fileURLToPath(
  new URL('../../../../../shared/reference/xendit-payments-v3.openapi.yaml', import.meta.url),
);
export const descriptionPresent = existsSync(descriptionPath);

type Json = Record<string, unknown>;

/** One call as it crossed the wire: what the client sent and what the provider answered. */
export type WireExchange = {
  method: string;
  url: string;
  headers: Record<string, string>;
  requestBody: unknown;
  status: number;
  responseBody: unknown;
};

/** Where a body leaves the description: which body, where in it, and the rule it breaks. */
export type Violation = {
  /** `request POST /v3/payment_requests`, `response 201 POST /v3/payment_requests`, `webhook refund.succeeded`. */
  subject: string;
  /** JSON pointer into the body (or `header api-version`). */
  path: string;
  keyword: string;
  message: string;
};

/**
 * The description's own slips: where it is wrong, and the provider's documentation that says so.
 * Each allows the violations it matches, and nothing else.
 */
export type Allowance = {
  slip: string;
  documentation: string;
  matches: (violation: Violation) => boolean;
};

export const allowances: Allowance[] = [
  {
    // The sessions enum lists PAYMENT_LINK and COMPONENTS only, and the request schema has no
    // cards_session_js; the provider documents mode CARDS_SESSION_JS with its cards_session_js
    // return URLs for cards collected on the merchant's own page.
    slip: 'sessions: mode CARDS_SESSION_JS and its cards_session_js object',
    documentation:
      'https://docs.xendit.co/docs/payment-sessions-overview (Mode options), https://docs.xendit.co/docs/cards-save-a-card',
    matches: (v) =>
      /(request|response \d+) \w+ \/sessions/.test(v.subject) ||
      v.subject === 'webhook payment_session.completed' ||
      v.subject === 'webhook payment_session.expired'
        ? (v.path === '/mode' && v.keyword === 'enum') ||
          (v.path === '/data/mode' && v.keyword === 'enum') ||
          (v.path === '' &&
            v.keyword === 'additionalProperties' &&
            /cards_session_js/.test(v.message))
        : false,
  },
  {
    // The request schema has no components_configuration, which the provider's components guide
    // makes mandatory for mode COMPONENTS (the origins allowed to embed the components SDK).
    slip: 'sessions: components_configuration of mode COMPONENTS',
    documentation: 'https://docs.xendit.co/docs/components-overview (Creating Payment Sessions)',
    matches: (v) =>
      v.subject === 'request POST /sessions' &&
      v.path === '' &&
      v.keyword === 'additionalProperties' &&
      /"additionalProperty":"components_configuration"/.test(v.message),
  },
  {
    // The description's own PaymentLink_OneTimePaymentExample gives every item a currency, which
    // its item schema does not name.
    slip: 'sessions: items[].currency',
    documentation:
      "the description's own example PaymentLink_OneTimePaymentExample (POST /sessions)",
    matches: (v) =>
      v.subject === 'request POST /sessions' &&
      /^\/items\/\d+$/.test(v.path) &&
      v.keyword === 'additionalProperties' &&
      /"additionalProperty":"currency"/.test(v.message),
  },
  {
    // PayWithToken requires channel_code, yet the description's own PAY_WithToken_Cards and
    // PAY_WithToken_TOUCHNGO examples leave it out, and the provider's guide says the channel comes
    // from the token: the body then fits PayWithToken but for that one required field (as closely
    // as it fits Pay, when it carries channel_properties). With channel_code and
    // channel_properties both, as PayWithToken lists them, the body fits it and also the open
    // Pay shape, an ambiguity of the file's oneOf that the guide's "you do not need to pass in
    // channel_code" (so one may) settles for PayWithToken.
    slip: 'payment requests: channel_code with a payment_token_id',
    documentation:
      "https://docs.xendit.co/docs/pay-with-tokens; the description's own examples PAY_WithToken_Cards and PAY_WithToken_TOUCHNGO",
    matches: (v) =>
      v.subject === 'request POST /v3/payment_requests' &&
      v.path === '' &&
      ((v.keyword === 'oneOf' && /closest: [^{]*Payments_API_PayWithToken\b/.test(v.message)) ||
        (v.keyword === 'oneOf' &&
          /"matching":\["Payments_API_Pay","Payments_API_PayWithToken"\]/.test(v.message)) ||
        (v.keyword === 'required' && /"missingProperty":"channel_code"/.test(v.message))),
  },
  {
    // The descriptor enum has no DEBIT_ACCOUNT, yet the description's own BPI direct-debit example
    // (PAY_DirectDebit_BPI) answers API_POST_REQUEST + DEBIT_ACCOUNT, and the provider's direct
    // debit guide gives BPI an OTP step: the simulator answers as the example does.
    slip: 'BPI direct debit: action descriptor DEBIT_ACCOUNT',
    documentation:
      "the description's own example PAY_DirectDebit_BPI; https://docs.xendit.co/direct-debit/payment-flow (BPI has an OTP step)",
    matches: (v) =>
      /^response 2\d\d \w+ \/v3\/payment_requests/.test(v.subject) &&
      /^\/actions\/\d+\/descriptor$/.test(v.path) &&
      v.keyword === 'enum',
  },
  {
    // The cycle status enum lists PENDING, RETRYING, FAILED and SUCCEEDED, yet the description's
    // own 403 answers of cancel and simulate accept only cycles "in SCHEDULED status", and the
    // provider's API reference lists SCHEDULED and CANCELLED among a cycle's statuses.
    slip: 'subscriptions: cycle statuses SCHEDULED and CANCELLED',
    documentation:
      "https://docs.xendit.co/apidocs/get-subscription-cycle-2 (status); the description's own INELIGIBLE_CYCLE_REQUEST examples",
    matches: (v) =>
      (/^response 2\d\d \w+ \/recurring\/plans\/\{[a-z_]+\}\/cycles/.test(v.subject) ||
        /^webhook recurring\.cycle\./.test(v.subject)) &&
      /^(\/\d+|\/data)?\/status$/.test(v.path) &&
      v.keyword === 'enum' &&
      /"allowedValues":\["PENDING","RETRYING","FAILED","SUCCEEDED"\]/.test(v.message),
  },
  {
    // Simulate takes no body in the file; the provider's subscription test guide sends an amount
    // that picks the simulated outcome (21110: INSUFFICIENT_BALANCE).
    slip: 'subscriptions: the amount of a cycle simulation',
    documentation: 'https://docs.xendit.co/recurring/test-setup',
    matches: (v) =>
      v.subject === 'request POST /recurring/plans/{plan_id}/cycles/{id}/simulate' &&
      v.keyword === 'undocumentedBody',
  },
  {
    // The cycle callback's enum lacks the event of a refused forced attempt; the provider's
    // subscription webhook reference lists it, and its force-attempt guide says when it comes.
    slip: 'subscriptions: recurring.cycle.force_attempt_failed is not in the file',
    documentation:
      'https://docs.xendit.co/apidocs/subscription-webhook, https://docs.xendit.co/recurring/features/force-recurring-cycle-attempt',
    matches: (v) =>
      v.subject === 'webhook recurring.cycle.force_attempt_failed' &&
      v.keyword === 'undocumentedEvent',
  },
  {
    // These events have no webhook operation in the file; the provider's webhook reference lists
    // them with their data objects (payment request, payment, session).
    slip: 'webhooks payment_request.expiry, payment.expiry and payment_session.* are not in the file',
    documentation:
      'https://docs.xendit.co/docs/payments-api-webhooks, https://docs.xendit.co/apidocs/webhook-notification-sent-defined-webhook-url-updates-payment-session',
    matches: (v) =>
      /^webhook (payment_request\.expiry|payment\.expiry|payment_session\.(completed|expired))$/.test(
        v.subject,
      ) && v.keyword === 'undocumentedEvent',
  },
];

/** OpenAPI 3.0's `nullable: true` is JSON Schema's "or null". */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Json;
  const converted = Object.fromEntries(
    Object.entries(rest)
      .filter(([k]) => k !== 'example' && k !== 'examples')
      .map(([k, v]) => [k, toJsonSchema(v)]),
  );
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

/**
 * What a client may send: an object schema with named properties takes no others (the description
 * leaves additionalProperties open, but a field it does not name is one the provider may refuse
 * or read otherwise). Answers stay open: the provider may add fields.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const closed = Object.fromEntries(
    Object.entries(node as Json).map(([k, v]) => [k, k === 'example' ? v : closeObjects(v)]),
  );
  return 'properties' in closed && !('additionalProperties' in closed)
    ? { ...closed, additionalProperties: false }
    : closed;
}

/** The errors of a body against a schema; none when it validates. */
type BodyCheck = (body: unknown) => ErrorObject[];

type Operation = {
  method: string;
  template: string;
  pattern: RegExp;
  /** The body as published (open objects), and with only the fields the description names. */
  request?: { published: BodyCheck; named: BodyCheck; required: boolean };
  headers: { name: string; required: boolean; validate?: ValidateFunction }[];
  responses: Map<string, BodyCheck | null>;
};

const webhookOperations: Record<string, string> = {
  'payment.capture': '/your_payment_webhook_url',
  'payment.authorization': '/your_payment_webhook_url',
  'payment.failure': '/your_payment_webhook_url',
  'refund.succeeded': '/your_refund_webhook_url',
  'refund.failed': '/your_refund_webhook_url',
  'payment_token.activation': '/your_payment_token_webhook_url',
  'payment_token.failure': '/your_payment_token_webhook_url',
  'payment_token.expiry': '/your_payment_token_webhook_url',
};

/** The object each event the file leaves out carries, by the provider's webhook reference. */
const undocumentedEventData: Record<string, string> = {
  'payment_request.expiry': 'Payments_API_PaymentRequestSchema',
  'payment.expiry': 'Payments_API_PaymentSchema',
  'payment_session.completed': 'Payment_Session_StandardSessionResponsePublicSchema',
  'payment_session.expired': 'Payment_Session_StandardSessionResponsePublicSchema',
  'recurring.cycle.force_attempt_failed': 'Xendit_Subscriptions_API_RecurringCycle',
};

const toViolations = (subject: string, errors: ErrorObject[] | null | undefined): Violation[] =>
  (errors ?? []).map((error) => ({
    subject,
    path: error.instancePath,
    keyword: error.keyword,
    message: `${error.message ?? ''} ${JSON.stringify(error.params)}`.trim(),
  }));

export function loadPublishedDescription() {
  const document = parse(readFileSync(descriptionPath, 'utf8')) as Json;
  const schemas = (document.components as Json).schemas as Json;
  const parameters = (document.components as Json).parameters as Json;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const open = toJsonSchema({ components: { schemas } }) as Json;
  ajv.addSchema({ ...open, $id: 'answers' });
  ajv.addSchema({ ...(closeObjects(open) as Json), $id: 'requests' });
  const compile = (schema: unknown, base: 'answers' | 'requests') =>
    ajv.compile({
      $id: `${base}-${Math.random()}`,
      ...(JSON.parse(
        JSON.stringify(
          base === 'requests' ? closeObjects(toJsonSchema(schema)) : toJsonSchema(schema),
        ).replaceAll('"#/components/', `"${base}#/components/`),
      ) as Json),
    });
  /**
   * A top-level oneOf is checked one alternative at a time: ajv's own report mixes every
   * alternative's errors. None matching reports the closest (fewest errors); two matching is the
   * ambiguity oneOf refuses, named.
   */
  const check = (schema: unknown, base: 'answers' | 'requests'): BodyCheck => {
    const alternatives = (schema as { oneOf?: unknown[] }).oneOf;
    if (!alternatives) {
      const validate = compile(schema, base);
      return (body) => (validate(body) ? [] : (validate.errors ?? []));
    }
    const names = alternatives.map((alternative) =>
      String((alternative as Json).$ref ?? '').replace('#/components/schemas/', ''),
    );
    const validators = alternatives.map((alternative) => compile(alternative, base));
    return (body) => {
      const outcomes = validators.map((validate) =>
        validate(body) ? [] : (validate.errors ?? []),
      );
      const matching = names.filter((_, index) => outcomes[index]?.length === 0);
      if (matching.length === 1) return [];
      const oneOf = {
        instancePath: '',
        schemaPath: '#/oneOf',
        keyword: 'oneOf',
        params: { matching },
        message:
          matching.length === 0
            ? `matches none of ${names.join(', ')}; closest: ${names.filter((_, index) => outcomes[index]?.length === closest(outcomes).length).join(', ')}`
            : 'must match exactly one schema in oneOf',
      } as ErrorObject;
      return matching.length === 0 ? [oneOf, ...closest(outcomes)] : [oneOf];
    };
  };
  const closest = (outcomes: ErrorObject[][]) =>
    [...outcomes].sort((a, b) => a.length - b.length)[0] ?? [];

  const resolve = (node: Json): Json => {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    return parameters[ref.replace('#/components/parameters/', '')] as Json;
  };

  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(methods as Record<string, Json>)) {
      const requestSchema = (
        ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.[
          'application/json'
        ] as Json | undefined
      )?.schema;
      const responses = new Map<string, BodyCheck | null>();
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
        const schema = (
          ((response as Json).content as Json | undefined)?.['application/json'] as Json | undefined
        )?.schema;
        responses.set(status, schema ? check(schema, 'answers') : null);
      }
      const headers = ((operation.parameters ?? []) as Json[])
        .map(resolve)
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => ({
          name: String(parameter.name).toLowerCase(),
          required: parameter.required === true,
          validate: parameter.schema ? compile(parameter.schema, 'answers') : undefined,
        }));
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        request: requestSchema
          ? {
              published: check(requestSchema, 'answers'),
              named: check(requestSchema, 'requests'),
              required: (operation.requestBody as Json).required === true,
            }
          : undefined,
        headers,
        responses,
      });
    }
  }

  const find = (method: string, path: string) =>
    operations.find((operation) => operation.method === method && operation.pattern.test(path));

  /** Every way one exchange leaves the description. */
  function checkExchange(exchange: WireExchange): Violation[] {
    const path = new URL(exchange.url).pathname;
    const operation = find(exchange.method, path);
    if (!operation) {
      return [
        {
          subject: `request ${exchange.method} ${path}`,
          path: '',
          keyword: 'undocumentedOperation',
          message: 'no operation of the description',
        },
      ];
    }
    const where = `${operation.method} ${operation.template}`;
    const violations: Violation[] = [];
    for (const header of operation.headers) {
      const value = exchange.headers[header.name];
      if (value === undefined) {
        if (header.required) {
          violations.push({
            subject: `request ${where}`,
            path: `header ${header.name}`,
            keyword: 'required',
            message: 'missing',
          });
        }
      } else if (header.validate && !header.validate(value)) {
        violations.push(
          ...toViolations(`request ${where}`, header.validate.errors).map((v) => ({
            ...v,
            path: `header ${header.name}`,
          })),
        );
      }
    }
    if (operation.request && exchange.requestBody !== undefined) {
      const published = operation.request.published(exchange.requestBody);
      // A field the description does not name, reported once the body fits as published.
      const unnamed =
        published.length === 0
          ? operation.request
              .named(exchange.requestBody)
              .filter((error) => error.keyword === 'additionalProperties')
          : [];
      violations.push(...toViolations(`request ${where}`, [...published, ...unnamed]));
    } else if (operation.request?.required) {
      violations.push({
        subject: `request ${where}`,
        path: '',
        keyword: 'required',
        message: 'the operation requires a body',
      });
    } else if (exchange.requestBody !== undefined && exchange.requestBody !== null) {
      violations.push({
        subject: `request ${where}`,
        path: '',
        keyword: 'undocumentedBody',
        message: 'the operation takes no body',
      });
    }
    const status = String(exchange.status);
    const subject = `response ${status} ${where}`;
    const documented = operation.responses.has(status)
      ? operation.responses.get(status)
      : operation.responses.get(`${status[0]}XX`);
    if (documented === undefined) {
      violations.push({
        subject,
        path: '',
        keyword: 'undocumentedStatus',
        message: `documented: ${[...operation.responses.keys()].join(', ')}`,
      });
    } else if (documented) {
      violations.push(...toViolations(subject, documented(exchange.responseBody)));
    }
    return violations;
  }

  const eventData = new Map(
    Object.entries(undocumentedEventData).map(([event, name]) => [
      event,
      compile(
        {
          type: 'object',
          required: ['event', 'business_id', 'created', 'data'],
          properties: {
            event: { type: 'string' },
            business_id: { type: 'string' },
            created: { type: 'string', format: 'date-time' },
            data: { $ref: `#/components/schemas/${name}` },
          },
        },
        'answers',
      ),
    ]),
  );

  // Webhook bodies are the provider's answers: open objects, as any answer.
  const webhookEnvelopes = new Map([
    ...Object.entries(webhookOperations).map(([event, target]) => {
      const post = ((document.paths as Json)[target] as Json | undefined)?.post as Json | undefined;
      const media = ((post?.requestBody as Json | undefined)?.content as Json | undefined)?.[
        'application/json'
      ] as Json | undefined;
      if (!media?.schema) throw new Error(`The description has no ${target}`);
      return [event, compile(media.schema, 'answers')] as const;
    }),
    ...callbackEnvelopes(),
  ]);

  /**
   * The webhooks the subscription operations describe as their callbacks (recurringPlan,
   * recurringCycle): each event of a callback's `event` enum with that callback's body.
   */
  function callbackEnvelopes(): (readonly [string, ValidateFunction])[] {
    const envelopes: (readonly [string, ValidateFunction])[] = [];
    for (const methods of Object.values(document.paths as Record<string, Json>)) {
      for (const operation of Object.values(methods as Record<string, Json>)) {
        for (const callback of Object.values((operation.callbacks ?? {}) as Json)) {
          for (const target of Object.values(callback as Json)) {
            const schema = (
              (((target as Json).post as Json | undefined)?.requestBody as Json | undefined)
                ?.content as Json | undefined
            )?.['application/json'] as Json | undefined;
            const body = schema?.schema as Json | undefined;
            const events = ((body?.properties as Json | undefined)?.event as Json | undefined)
              ?.enum as string[] | undefined;
            if (!body || !events) continue;
            const validate = compile(body, 'answers');
            envelopes.push(...events.map((event) => [event, validate] as const));
          }
        }
      }
    }
    return envelopes;
  }

  /** Every way one webhook body leaves the description. */
  function checkWebhook(body: unknown): Violation[] {
    const event = String((body as { event?: unknown } | null)?.event);
    const subject = `webhook ${event}`;
    const envelope = webhookEnvelopes.get(event);
    if (envelope) return envelope(body) ? [] : toViolations(subject, envelope.errors);
    const validate = eventData.get(event);
    const undocumented: Violation = {
      subject,
      path: '',
      keyword: 'undocumentedEvent',
      message: 'no webhook operation of the description carries this event',
    };
    if (!validate) return [undocumented];
    return validate(body)
      ? [undocumented]
      : [undocumented, ...toViolations(subject, validate.errors)];
  }

  return { document, checkExchange, checkWebhook };
}

export type PublishedDescription = ReturnType<typeof loadPublishedDescription>;

/** The violations no allowance covers. */
export const outsideAllowList = (violations: Violation[]) =>
  violations.filter((violation) => !allowances.some((allowance) => allowance.matches(violation)));
