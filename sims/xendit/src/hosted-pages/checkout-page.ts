import {
  cardDetailsSchema,
  type Action,
  type PaymentRequest,
  type PaymentToken,
  type Session,
} from '@store/xendit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Owner } from '../accounts.ts';
import { ApiError, parseBody } from '../api-error.ts';
import { CHANNELS, type Channel, type ChannelKind } from '../channels.ts';
import { loadObjectById } from '../objects.ts';
import {
  chooseAgain,
  confirmAttemptOtp,
  currentSession,
  loadAttempt,
  offersSave,
  simulateAttemptPayment,
  startAttempt,
  type Choice,
} from '../sessions/checkout.ts';
import { checkoutPagePath, offeredChannels, type CheckoutInternal } from '../sessions/service.ts';
import type { SimContext } from '../sim-context.ts';
import { link, postButton, renderShell, renderSummary } from './checkout-html.ts';
import { escapeHtml, showPage } from './html.ts';

// The hosted checkout of a PAYMENT_LINK session (its payment_link_url). GET shows where the
// customer is: the channels to choose from, the step of the channel chosen, or the end in words;
// each POST acts through sessions/checkout.ts and answers 303 back here or to the channel's own
// hosted page, so a reload never repeats an action.

type CheckoutRequest = { Params: { id: string }; Body?: Record<string, string | undefined> };

const groups: [string, ChannelKind[]][] = [
  ['Cards', ['CARDS']],
  ['E-wallets', ['EWALLET_REDIRECT', 'EWALLET_PUSH']],
  ['Direct debit', ['DIRECT_DEBIT']],
  ['Online banking', ['ONLINE_BANKING']],
  ['Virtual accounts', ['VIRTUAL_ACCOUNT']],
  ['Retail outlets', ['RETAIL_OUTLET']],
  ['QR codes', ['QR_CODE']],
];

/** Failure codes in words, for the customer who tries again. */
const failureWords: Record<string, string> = {
  INSUFFICIENT_BALANCE: 'There is not enough balance to pay this amount.',
  USER_DECLINED_PAYMENT: 'The payment was declined.',
  AUTHENTICATION_FAILED: 'The authentication with your bank did not succeed.',
  CARD_DECLINED: 'The card was declined.',
  DECLINED_BY_ISSUER: 'Your bank declined the payment.',
  INVALID_CVV: 'The card security code (CVV) is wrong.',
  EXPIRED_OTP: 'The code has expired.',
  PAYMENT_REQUEST_EXPIRED: 'The time to pay ran out.',
};

const presentLabels: Record<string, string> = {
  VIRTUAL_ACCOUNT_NUMBER: 'Virtual account number',
  PAYMENT_CODE: 'Payment code',
  QR_STRING: 'QR code string',
};

const labelOf = (code: string) => CHANNELS[code]?.label ?? code;
const isPaymentRequest = (made: PaymentRequest | PaymentToken): made is PaymentRequest =>
  'payment_request_id' in made;

function cardFields(code: string, testMode: boolean) {
  const id = (name: string) => `${code}-${name}`;
  return `<label for="${id('number')}">Card number</label>
<input type="text" id="${id('number')}" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row">
<div><label for="${id('month')}">Expiry month (MM)</label><input type="text" id="${id('month')}" name="expiry_month" inputmode="numeric" autocomplete="cc-exp-month" required></div>
<div><label for="${id('year')}">Expiry year (YYYY)</label><input type="text" id="${id('year')}" name="expiry_year" inputmode="numeric" autocomplete="cc-exp-year" required></div>
<div><label for="${id('cvn')}">CVN</label><input type="text" id="${id('cvn')}" name="cvn" inputmode="numeric" autocomplete="cc-csc" required></div>
</div>
<label for="${id('name')}">Name on the card</label>
<input type="text" id="${id('name')}" name="cardholder_name" autocomplete="cc-name">
${testMode ? '<p>Test cards: 4000000000001000 (no challenge), 4000000000002503 (3-D Secure challenge); any future expiry, any CVN.</p>' : ''}`;
}

function channelForm(session: Session, code: string, channel: Channel, testMode: boolean) {
  const action = `${checkoutPagePath(session.payment_session_id)}/pay`;
  const verb = session.session_type === 'SAVE' ? 'Save' : 'Pay with';
  const save = offersSave(session, channel)
    ? `<label class="check"><input type="checkbox" name="save" value="yes"> Save this payment method for later payments</label>`
    : '';
  const mobile =
    channel.kind === 'EWALLET_PUSH'
      ? `<label for="${code}-mobile">${escapeHtml(channel.label)} mobile number</label><input type="tel" id="${code}-mobile" name="mobile_number" autocomplete="tel" required>`
      : '';
  return `<form method="post" action="${escapeHtml(action)}" class="channel">
<input type="hidden" name="channel" value="${escapeHtml(code)}">
${channel.kind === 'CARDS' ? cardFields(code, testMode) : ''}${mobile}${save}
<button type="submit">${escapeHtml(`${verb} ${channel.label}`)}</button>
</form>`;
}

function chooser(session: Session, testMode: boolean, notice?: string) {
  const offered = offeredChannels(session);
  const sections = groups
    .map(([title, kinds]) => {
      const forms = offered
        .filter(([, channel]) => kinds.includes(channel.kind))
        .map(([code, channel]) => channelForm(session, code, channel, testMode));
      return forms.length > 0
        ? `<fieldset><legend>${escapeHtml(title)}</legend>${forms.join('')}</fieldset>`
        : '';
    })
    .join('');
  const forced =
    session.session_type === 'PAY' && session.allow_save_payment_method === 'FORCED'
      ? '<p class="info">The payment method you choose will be saved for later payments.</p>'
      : '';
  return `${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
${renderSummary(session)}
<h2>${session.session_type === 'SAVE' ? 'Choose a payment method to save' : 'Choose how to pay'}</h2>
${forced}
${offered.length > 0 ? sections : `<p>${session.session_type === 'PAY' ? 'No payment channel takes this amount in this currency and country.' : 'No payment channel can be saved in this currency and country.'}</p>`}
${session.cancel_return_url ? link(session.cancel_return_url, 'Cancel and return to the merchant') : ''}`;
}

/** What the chosen channel asks of the customer now. */
function step(session: Session, made: PaymentRequest | PaymentToken, testMode: boolean) {
  const base = checkoutPagePath(session.payment_session_id);
  const channel = CHANNELS[made.channel_code];
  const actions: Action[] = made.actions ?? [];
  const present = actions.find((action) => action.type === 'PRESENT_TO_CUSTOMER');
  const redirect = actions.find((action) => action.type === 'REDIRECT_CUSTOMER');
  const another = postButton(`${base}/another`, 'Choose another way to pay', true);
  const cancel = session.cancel_return_url
    ? link(session.cancel_return_url, 'Cancel and return to the merchant')
    : '';
  if (present) {
    const deadline = isPaymentRequest(made) ? made.channel_properties?.expires_at : undefined;
    return {
      refreshSeconds: testMode ? undefined : 5,
      body: `${renderSummary(session)}
<h2>Pay with ${escapeHtml(labelOf(made.channel_code))}</h2>
<p>${escapeHtml(presentLabels[present.descriptor] ?? 'Pay with')}</p>
<p class="code">${escapeHtml(present.value)}</p>
${deadline ? `<p>Please complete payment before ${escapeHtml(new Date(deadline).toUTCString())}.</p>` : ''}
${testMode ? postButton(`${base}/simulate`, 'Simulate Payment') : '<p>This page updates by itself when the payment arrives.</p>'}
${another}${cancel}`,
    };
  }
  if (channel?.kind === 'DIRECT_DEBIT') {
    const test = isPaymentRequest(made) ? '222000' : '333000';
    return {
      body: `${renderSummary(session)}
<h2>${escapeHtml(labelOf(made.channel_code))}</h2>
<form method="post" action="${escapeHtml(`${base}/otp`)}">
<label for="otp">Enter the one-time code your bank sent you</label>
<input type="text" id="otp" name="otp_code" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Confirm</button>
</form>
${testMode ? `<p>Test code: ${test}</p>` : ''}
${another}${cancel}`,
    };
  }
  if (redirect) {
    return {
      body: `${renderSummary(session)}${link(redirect.value, `Continue to ${labelOf(made.channel_code)}`)}${another}${cancel}`,
    };
  }
  return {
    refreshSeconds: 2,
    body: `${renderSummary(session)}
<p class="info" role="status">Approve the payment in your ${escapeHtml(labelOf(made.channel_code))} app. This page updates by itself.</p>
${another}${cancel}`,
  };
}

const ended: Record<string, [string, string]> = {
  EXPIRED: [
    'This checkout has expired',
    'The time to pay on this page has run out. Nothing was charged.',
  ],
  CANCELED: [
    'This checkout was cancelled',
    'The merchant cancelled this checkout. Nothing was charged.',
  ],
  COMPLETED: ['Payment complete', 'Thank you: this checkout is complete.'],
};

export function registerCheckoutPages(app: FastifyInstance, ctx: SimContext) {
  const notFound = (reply: FastifyReply, id: string) =>
    showPage(
      reply,
      404,
      renderShell({
        title: 'Checkout not found',
        testMode: false,
        body: `<p>No checkout has the id ${escapeHtml(id)}.</p>`,
      }),
    );

  /** The page for the session as it stands, with a notice about the last thing that went wrong. */
  const page = async (
    reply: FastifyReply,
    owner: Owner,
    id: string,
    notice?: string,
    status = 200,
  ) => {
    const found = await currentSession(ctx, owner, id);
    if (!found) return notFound(reply, id);
    const session = found.data;
    const testMode = owner.mode === 'test';
    const shell = { testMode };
    // The steps and the chooser, not the end: that page's one link is the way back.
    const leave = { cancelUrl: session.cancel_return_url };
    if (session.status === 'COMPLETED' && session.success_return_url) {
      return reply.redirect(session.success_return_url, 303);
    }
    const end = ended[session.status];
    if (end) {
      const back =
        session.status === 'COMPLETED' ? session.success_return_url : session.cancel_return_url;
      return showPage(
        reply,
        status,
        renderShell({
          ...shell,
          title: end[0],
          body: `<p role="status">${escapeHtml(end[1])}</p>${back ? link(back, 'Return to the merchant') : ''}`,
        }),
      );
    }
    const title = session.session_type === 'SAVE' ? 'Save a payment method' : 'Checkout';
    const attempt = (found.internal as CheckoutInternal).attempt;
    if (attempt) {
      const made = await loadAttempt(ctx.db, owner, attempt);
      if (made.status === 'REQUIRES_ACTION' || made.status === 'PENDING') {
        const shown = step(session, made, testMode);
        const body = `${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}${shown.body}`;
        return showPage(
          reply,
          status,
          renderShell({ ...shell, ...leave, title, body, refreshSeconds: shown.refreshSeconds }),
        );
      }
      if (made.status === 'FAILED' || made.status === 'EXPIRED' || made.status === 'CANCELED') {
        const code = made.failure_code ?? made.status;
        notice ??= `Your ${labelOf(made.channel_code)} attempt did not go through: ${failureWords[code] ?? 'it was not completed.'} (${code}) Choose a way to pay again.`;
      }
    }
    return showPage(
      reply,
      status,
      renderShell({ ...shell, ...leave, title, body: chooser(session, testMode, notice) }),
    );
  };

  /** Runs a customer's action; a refusal is shown on the page, in words, with its status. */
  const act = async (
    request: { params: { id: string } },
    reply: FastifyReply,
    work: (owner: Owner) => Promise<string | undefined | void>,
  ) => {
    const id = request.params.id;
    const found = await loadObjectById<Session>(ctx.db, 'session', id);
    if (!found) return notFound(reply, id);
    try {
      const next = await work(found.owner);
      return reply.redirect(next ?? checkoutPagePath(id), 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return page(reply, found.owner, id, error.message, error.statusCode);
    }
  };

  app.get<CheckoutRequest>('/pages/checkout/:id', async (request, reply) => {
    const found = await loadObjectById<Session>(ctx.db, 'session', request.params.id);
    if (!found) return notFound(reply, request.params.id);
    return page(reply, found.owner, request.params.id);
  });

  app.post<CheckoutRequest>('/pages/checkout/:id/pay', (request, reply) =>
    act(request, reply, async (owner) => {
      const form = request.body ?? {};
      const choice: Choice = {
        channel: form.channel ?? '',
        save: form.save === 'yes',
        mobileNumber: form.mobile_number || undefined,
      };
      if (CHANNELS[choice.channel]?.kind === 'CARDS') {
        const [first, ...rest] = (form.cardholder_name ?? '').trim().split(/\s+/);
        choice.card = parseBody(cardDetailsSchema, {
          card_number: (form.card_number ?? '').replace(/[\s-]/g, ''),
          expiry_month: (form.expiry_month ?? '').trim().padStart(2, '0'),
          expiry_year: (form.expiry_year ?? '').trim(),
          cvn: (form.cvn ?? '').trim(),
          ...(first && { cardholder_first_name: first }),
          ...(rest.length > 0 && { cardholder_last_name: rest.join(' ') }),
        });
      }
      const made = await ctx.transaction((tx) =>
        startAttempt(ctx, tx, owner, request.params.id, choice),
      );
      return made.actions?.find((action) => action.type === 'REDIRECT_CUSTOMER')?.value;
    }),
  );

  app.post<CheckoutRequest>('/pages/checkout/:id/simulate', (request, reply) =>
    act(request, reply, async (owner) => {
      await ctx.transaction((tx) => simulateAttemptPayment(ctx, tx, owner, request.params.id));
    }),
  );

  app.post<CheckoutRequest>('/pages/checkout/:id/otp', (request, reply) =>
    act(request, reply, async (owner) => {
      const refused = await ctx.transaction((tx) =>
        confirmAttemptOtp(ctx, tx, owner, request.params.id, request.body?.otp_code ?? ''),
      );
      if (refused) throw refused;
    }),
  );

  app.post<CheckoutRequest>('/pages/checkout/:id/another', (request, reply) =>
    act(request, reply, async (owner) => {
      await ctx.transaction((tx) => chooseAgain(tx, owner, request.params.id));
    }),
  );
}
