import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, callWithRetries, retryable } from './cluster-client.ts';
import { directDebitOrder, vaOrder } from './helpers.ts';

// The mixed load of the cluster run, all through the balancer: sign-ins past the per-minute limit,
// wrong OTPs past theirs, payments created with retries (one instance killed a third of the way
// through) and paid through the provider, then refunds. It records what the store acknowledged,
// for the final check (cluster-check.ts) to find again.

/** A payment create as the client saw it. */
export interface Create {
  key: string;
  token: string;
  paymentId: string | null;
  simulated: boolean;
}

export interface LoadPlan {
  balancer: string;
  customerCount: number;
  createsPerCustomer: number;
  /** Sign-ins in all, customers' and a flood's, from the one address of the run. */
  loginAttempts: number;
  /** Wrong OTPs sent by one customer. */
  otpTries: number;
  /** A Google ID token for `email`, from the identity simulator. */
  credentialFor(email: string): Promise<string>;
  /** Kills one instance and starts it again; called once, a third of the way through the creates. */
  killAndRestart(): Promise<void>;
}

export interface LoadResult {
  /** Every create in the order made, acknowledged or not. */
  creates: Create[];
  /** Payments whose refund the store acknowledged. */
  refundedPayments: Set<string>;
  loginsAccepted: number;
  otpAccepted: number;
}

/** Signs the customers in, then floods sign-ins from the same address past one instance's limit. */
async function signIn(plan: LoadPlan): Promise<{ tokens: string[]; loginsAccepted: number }> {
  let loginsAccepted = 0;
  const login = async (email: string) => {
    const credential = await plan.credentialFor(email);
    const answer = await call(`${plan.balancer}/api/auth/login`, {
      method: 'POST',
      body: { credential, app_id: 'demo-id' },
    });
    if (answer.status === 200) loginsAccepted += 1;
    return answer;
  };
  const tokens: string[] = [];
  for (let index = 0; index < plan.customerCount; index += 1) {
    const answer = await login(`cluster-${index}@example.com`);
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status}`);
    tokens.push(answer.body.token as string);
  }
  await Promise.all(
    Array.from({ length: plan.loginAttempts - plan.customerCount }, (_, index) =>
      login(`flood-${index}@example.com`),
    ),
  );
  return { tokens, loginsAccepted };
}

/** Creates a payment with retries under one Idempotency-Key, recording it in `creates` first. */
function paymentCreator(balancer: string, creates: Create[]) {
  return async (create: Create, order: object) => {
    creates.push(create);
    const answer = await callWithRetries(
      `${balancer}/api/payments`,
      { method: 'POST', token: create.token, key: create.key, body: order },
      (a) => !retryable(a.status),
    );
    if (answer.status === 201 || answer.status === 200) create.paymentId = answer.body.id as string;
  };
}

type CreatePayment = ReturnType<typeof paymentCreator>;

/**
 * Wrong OTPs from one customer, more than one instance allows in a minute, spread over
 * direct-debit payments (each takes MAX_OTP_ATTEMPTS before the provider fails it). Returns how
 * many the store let through.
 */
async function floodWrongOtps(
  plan: LoadPlan,
  token: string | undefined,
  createPayment: CreatePayment,
): Promise<number> {
  const otpPayments: Create[] = [];
  for (let index = 0; index < Math.ceil(plan.otpTries / 3); index += 1) {
    const create: Create = {
      key: randomUUID(),
      token: token ?? '',
      paymentId: null,
      simulated: false,
    };
    await createPayment(create, directDebitOrder());
    otpPayments.push(create);
  }
  const otpAnswers = await Promise.all(
    Array.from({ length: plan.otpTries }, (_, index) =>
      call(
        `${plan.balancer}/api/payments/${otpPayments[index % otpPayments.length]?.paymentId}/validate_otp`,
        { method: 'POST', token, body: { otp_code: '123456' } },
      ),
    ),
  );
  return otpAnswers.filter((answer) => answer.status !== 429).length;
}

/** Virtual-account payments from every customer at once, each paid through the provider. */
async function createAndPay(plan: LoadPlan, tokens: string[], createPayment: CreatePayment) {
  const killAt = Math.floor((plan.customerCount * plan.createsPerCustomer) / 3);
  let createsDone = 0;
  let killed: Promise<void> | null = null;
  await Promise.all(
    tokens.map(async (token) => {
      for (let index = 0; index < plan.createsPerCustomer; index += 1) {
        const create: Create = { key: randomUUID(), token, paymentId: null, simulated: false };
        await createPayment(create, vaOrder());
        createsDone += 1;
        if (createsDone === killAt) killed = plan.killAndRestart();
        if (!create.paymentId) continue;
        // The provider's webhook then reaches whichever instance the balancer picks.
        const simulate = await callWithRetries(
          `${plan.balancer}/api/payments/${create.paymentId}/simulate`,
          { method: 'POST', token },
          (a) => !retryable(a.status),
        );
        create.simulated = simulate.status === 200;
      }
    }),
  );
  await killed;
}

/** Refunds of every third paid payment, once its capture webhook has landed; returns those acknowledged. */
async function refundEveryThird(balancer: string, creates: Create[]): Promise<Set<string>> {
  const refundedPayments = new Set<string>();
  const readPayment = (create: Create) =>
    call(`${balancer}/api/payments/${create.paymentId}`, { token: create.token });
  await Promise.all(
    creates
      .filter((create, index) => create.simulated && index % 3 === 0)
      .map(async (create) => {
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const payment = await readPayment(create);
          if (payment.body.status === 'SUCCEEDED') {
            const orders = payment.body.orders as { id: string }[];
            const refund = await callWithRetries(
              `${balancer}/api/payments/${create.paymentId}/refund`,
              { method: 'POST', token: create.token, body: { orders: [orders[0]?.id] } },
              (a) => !retryable(a.status),
            );
            if (refund.status === 201) refundedPayments.add(create.paymentId as string);
            return;
          }
          await sleep(200);
        }
      }),
  );
  return refundedPayments;
}

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const { tokens, loginsAccepted } = await signIn(plan);
  const creates: Create[] = [];
  const createPayment = paymentCreator(plan.balancer, creates);
  const otpAccepted = await floodWrongOtps(plan, tokens[0], createPayment);
  await createAndPay(plan, tokens, createPayment);
  const refundedPayments = await refundEveryThird(plan.balancer, creates);
  return { creates, refundedPayments, loginsAccepted, otpAccepted };
}
