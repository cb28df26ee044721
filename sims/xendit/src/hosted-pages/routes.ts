import type { PaymentRequest } from '@store/xendit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Owner } from '../accounts.ts';
import { ApiError, validationError } from '../api-error.ts';
import { authorisationOutcome, cardOutcome, type Challenge } from '../cards.ts';
import { CHANNELS } from '../channels.ts';
import type { Database } from '../db/database.ts';
import { loadObjectById } from '../objects.ts';
import {
  loadPaymentRequest,
  payPresentedCode,
  requestedAmount,
  settle,
} from '../payment-requests/service.ts';
import { loadToken, moveToken } from '../payment-tokens/service.ts';
import type { SimContext } from '../sim-context.ts';
import { renderPage, showPage, type Button } from './html.ts';
import { formatAmount } from './checkout-html.ts';

/** What the pages show of a payment request or payment token. */
type PageObject = {
  reference_id: string;
  channel_code: string;
  status: string;
  currency: string;
  request_amount?: number;
  actions?: { value: string }[] | null;
  channel_properties?: PaymentRequest['channel_properties'];
};

type PageRequest = { Params: { id: string }; Body: { decision?: string; amount?: string } };

/** An amount typed on the pay page of a code of any amount; paying it checks the rest. */
function enteredAmount(typed: string | undefined): number {
  const amount = Number(typed?.trim() || Number.NaN);
  if (!Number.isFinite(amount)) {
    throw validationError([{ path: 'amount', message: 'must be a number' }]);
  }
  return amount;
}

/** The decisions on the 3DS page that authenticate the card; every other one fails it. */
const authenticatingDecisions = ['authenticate', 'attempt'];

/**
 * What the 3DS page offers, by the card's row in the test-card tables: a plain challenge, the
 * simulated outcomes of an EMV 3DS challenge (4440000009900010, 5123450000000008), a challenge that
 * passes by itself (AMEX 340000000001098: "without rendering and with auto success"), or one that
 * always fails (4000000000000010, 5200000000000015).
 */
function challengePage(challenge: Challenge | undefined): {
  note: string;
  buttons: Button[];
  autoDecision?: string;
} {
  switch (challenge) {
    case 'challenge-options':
      return {
        note: "Choose the outcome of the issuer's challenge to simulate.",
        buttons: [
          { value: 'authenticate', label: 'Authenticated (Y)' },
          { value: 'attempt', label: 'Attempted (A)' },
          { value: 'fail', label: 'Not authenticated (N)' },
          { value: 'reject', label: 'Rejected (R)' },
          { value: 'unavailable', label: 'Unavailable (U)' },
        ],
      };
    case 'challenge-auto':
      return {
        note: 'Your bank confirms this card without asking you anything.',
        buttons: [{ value: 'authenticate', label: 'Authenticate' }],
        autoDecision: 'authenticate',
      };
    case 'challenge-fails':
      return {
        note: 'This test card is enrolled in 3-D Secure but always fails authentication.',
        buttons: [{ value: 'fail', label: 'Fail authentication' }],
      };
    default:
      return {
        note: 'Your bank asks you to confirm this card.',
        buttons: [
          { value: 'authenticate', label: 'Authenticate' },
          { value: 'fail', label: 'Fail authentication' },
        ],
      };
  }
}

type ReturnUrls = { success?: string | null; failure?: string | null };

function returnUrlsOf(channelProperties: PaymentRequest['channel_properties']): ReturnUrls {
  return {
    success: channelProperties?.success_return_url,
    failure: channelProperties?.failure_return_url ?? channelProperties?.cancel_return_url,
  };
}

const settledWell = (status: string) => status === 'SUCCEEDED' || status === 'ACTIVE';

/**
 * The way back to the store from any page, so that no page is a dead end: the success address once
 * the object succeeded, otherwise the failure one (the store's page reads the real status).
 */
function backTo(data: Pick<PageObject, 'status' | 'channel_properties'>): string | null {
  const urls = returnUrlsOf(data.channel_properties);
  const target = settledWell(data.status) ? urls.success : (urls.failure ?? urls.success);
  return target && /^https?:\/\//.test(target) ? target : null;
}

/**
 * The pages the provider sends customers to. Each GET shows the decision; each POST applies it (state
 * change and webhook in one transaction) and sends the customer back with 303 to the return URL, or
 * shows the result where there is none.
 */
export function registerHostedPages(app: FastifyInstance, ctx: SimContext) {
  const finish = (
    reply: FastifyReply,
    succeeded: boolean,
    urls: ReturnUrls,
    title: string,
    testMode: boolean,
  ) => {
    const target = succeeded ? urls.success : (urls.failure ?? urls.success);
    if (target) return reply.redirect(target, 303);
    return showPage(reply, 200, renderPage({ title, lines: [], testMode }));
  };

  const pageFor = async (
    reply: FastifyReply,
    kind: 'payment_request' | 'payment_token',
    id: string,
    describe: (
      data: PageObject,
      internal: Record<string, unknown>,
    ) => {
      title: string;
      awaiting: boolean;
      buttons: Button[];
      note?: string;
      autoDecision?: string;
      amountIn?: string;
    },
  ) => {
    const found = await loadObjectById<PageObject>(ctx.db, kind, id);
    if (!found)
      return showPage(reply, 404, renderPage({ title: 'Not found', lines: [['Id', id]] }));
    const page = describe(found.data, found.internal);
    const lines: [string, unknown][] = [
      ['Reference', found.data.reference_id],
      ['Channel', CHANNELS[found.data.channel_code]?.label ?? found.data.channel_code],
    ];
    if (kind === 'payment_request' && found.data.request_amount !== undefined) {
      lines.push(['Amount', formatAmount(found.data.request_amount, found.data.currency)]);
    }
    lines.push(['Status', found.data.status]);
    return showPage(
      reply,
      200,
      renderPage({
        title: page.title,
        lines,
        testMode: found.owner.mode === 'test',
        note: page.awaiting ? page.note : 'Nothing is waiting for a decision here any more.',
        buttons: page.awaiting ? page.buttons : [],
        back: backTo(found.data),
        autoDecision: page.awaiting ? page.autoDecision : undefined,
        amountIn: page.awaiting ? page.amountIn : undefined,
      }),
    );
  };

  /** Applies a decision for the object's owner; a decision no longer possible shows why. */
  const decide = async <T>(
    reply: FastifyReply,
    kind: 'payment_request' | 'payment_token',
    id: string,
    work: (tx: Database, owner: Owner) => Promise<T>,
  ): Promise<{ result: T; testMode: boolean } | undefined> => {
    const found = await loadObjectById<PageObject>(ctx.db, kind, id);
    if (!found) {
      await showPage(reply, 404, renderPage({ title: 'Not found', lines: [['Id', id]] }));
      return undefined;
    }
    try {
      return {
        result: await ctx.transaction((tx) => work(tx, found.owner)),
        testMode: found.owner.mode === 'test',
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await showPage(
        reply,
        error.statusCode,
        renderPage({
          title: 'This cannot be done',
          lines: [['Reason', error.message]],
          testMode: found.owner.mode === 'test',
          back: backTo(found.data),
        }),
      );
      return undefined;
    }
  };

  app.get<PageRequest>('/pages/ewallet/:id', (request, reply) =>
    pageFor(reply, 'payment_request', request.params.id, (data) => ({
      title: `Approve your ${CHANNELS[data.channel_code]?.label ?? data.channel_code} payment`,
      awaiting: data.status === 'REQUIRES_ACTION',
      note:
        CHANNELS[data.channel_code]?.kind === 'ONLINE_BANKING'
          ? 'Approve to pay from your bank account, or decline.'
          : 'Approve to pay from your e-wallet, or decline.',
      buttons: [
        { value: 'approve', label: 'Approve' },
        { value: 'decline', label: 'Decline' },
      ],
    })),
  );
  app.post<PageRequest>('/pages/ewallet/:id', async (request, reply) => {
    const approve = request.body?.decision === 'approve';
    const done = await decide(reply, 'payment_request', request.params.id, async (tx, owner) => {
      const stored = await loadPaymentRequest(tx, owner, request.params.id, true);
      return settle(
        ctx,
        tx,
        owner,
        stored,
        approve
          ? authorisationOutcome(requestedAmount(stored.data))
          : { status: 'FAILED', failureCode: 'USER_DECLINED_PAYMENT' },
      );
    });
    if (!done) return reply;
    return finish(
      reply,
      done.result.status === 'SUCCEEDED',
      returnUrlsOf(done.result.channel_properties),
      done.result.status === 'SUCCEEDED' ? 'Payment approved' : 'Payment declined',
      done.testMode,
    );
  });

  app.get<PageRequest>('/pages/3ds/:id', (request, reply) =>
    pageFor(
      reply,
      request.params.id.startsWith('pt-') ? 'payment_token' : 'payment_request',
      request.params.id,
      (data, internal) => ({
        title: '3-D Secure authentication',
        awaiting: data.status === 'REQUIRES_ACTION',
        ...challengePage(internal.challenge as Challenge | undefined),
      }),
    ),
  );
  app.post<PageRequest>('/pages/3ds/:id', async (request, reply) => {
    const id = request.params.id;
    const decision = request.body?.decision ?? '';
    const found = await loadObjectById(
      ctx.db,
      id.startsWith('pt-') ? 'payment_token' : 'payment_request',
      id,
    );
    // A card that always fails authentication fails whatever is pressed.
    const authenticated =
      (found?.internal.challenge as Challenge | undefined) !== 'challenge-fails' &&
      authenticatingDecisions.includes(decision);
    if (id.startsWith('pt-')) {
      const done = await decide(reply, 'payment_token', id, async (tx, owner) =>
        moveToken(
          tx,
          owner,
          await loadToken(tx, owner, id, true),
          authenticated ? 'ACTIVE' : 'FAILED',
          authenticated ? undefined : 'AUTHENTICATION_FAILED',
        ),
      );
      if (!done) return reply;
      return finish(
        reply,
        done.result.status === 'ACTIVE',
        returnUrlsOf(done.result.channel_properties),
        done.result.status === 'ACTIVE' ? 'Card saved' : 'Authentication failed',
        done.testMode,
      );
    }
    const done = await decide(reply, 'payment_request', id, async (tx, owner) => {
      const stored = await loadPaymentRequest(tx, owner, id, true);
      return settle(
        ctx,
        tx,
        owner,
        stored,
        authenticated
          ? cardOutcome(requestedAmount(stored.data), stored.data.channel_properties?.card_details)
          : { status: 'FAILED', failureCode: 'AUTHENTICATION_FAILED' },
      );
    });
    if (!done) return reply;
    return finish(
      reply,
      done.result.status === 'SUCCEEDED',
      returnUrlsOf(done.result.channel_properties),
      done.result.status === 'SUCCEEDED' ? 'Payment authorised' : 'Payment failed',
      done.testMode,
    );
  });

  app.get<PageRequest>('/pages/link/:id', (request, reply) =>
    pageFor(reply, 'payment_token', request.params.id, (data) => ({
      title: `Link your ${CHANNELS[data.channel_code]?.label ?? data.channel_code} account`,
      awaiting: data.status === 'REQUIRES_ACTION',
      note: 'Allow the merchant to charge this account for future payments?',
      buttons: [
        { value: 'link', label: 'Link account' },
        { value: 'cancel', label: 'Cancel' },
      ],
    })),
  );
  app.post<PageRequest>('/pages/link/:id', async (request, reply) => {
    const link = request.body?.decision === 'link';
    const done = await decide(reply, 'payment_token', request.params.id, async (tx, owner) =>
      moveToken(
        tx,
        owner,
        await loadToken(tx, owner, request.params.id, true),
        link ? 'ACTIVE' : 'FAILED',
        link ? undefined : 'AUTHENTICATION_FAILED',
      ),
    );
    if (!done) return reply;
    return finish(
      reply,
      done.result.status === 'ACTIVE',
      returnUrlsOf(done.result.channel_properties),
      done.result.status === 'ACTIVE' ? 'Account linked' : 'Linking canceled',
      done.testMode,
    );
  });

  app.get<PageRequest>('/pages/pay/:id', (request, reply) =>
    pageFor(reply, 'payment_request', request.params.id, (data) => ({
      title: `Pay with ${CHANNELS[data.channel_code]?.label ?? data.channel_code}`,
      awaiting: data.status === 'REQUIRES_ACTION' || data.status === 'ACCEPTING_PAYMENTS',
      note: `Pay ${data.actions?.[0]?.value ?? ''} as the customer would at the bank or the counter.`,
      buttons: [{ value: 'pay', label: 'Pay' }],
      // A code of any amount takes what the customer chooses to pay.
      amountIn: data.request_amount === undefined ? data.currency : undefined,
    })),
  );
  app.post<PageRequest>('/pages/pay/:id', async (request, reply) => {
    const done = await decide(reply, 'payment_request', request.params.id, async (tx, owner) => {
      const stored = await loadPaymentRequest(tx, owner, request.params.id);
      return payPresentedCode(
        ctx,
        tx,
        owner,
        request.params.id,
        stored.data.request_amount ?? enteredAmount(request.body.amount),
      );
    });
    if (!done) return reply;
    const { result: paid, testMode } = done;
    return showPage(
      reply,
      200,
      renderPage({
        title: 'Payment received',
        lines: [
          ['Reference', paid.reference_id],
          ['Status', paid.status],
        ],
        testMode,
        back: backTo(paid),
      }),
    );
  });
}
