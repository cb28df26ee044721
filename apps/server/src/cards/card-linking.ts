import {
  cardErrorCodes,
  type CreatePaymentMethodRequest,
  type PaymentMethod,
} from '@store/contract';
import { eq } from 'drizzle-orm';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { cardSessions, paymentMethods } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { newId } from '../lib/ids.ts';
import {
  methodRequestHash,
  type PaymentMethodService,
} from '../payment-methods/payment-method-service.ts';
import { findChannel } from '../payments/payment-service.ts';
import type { Provider } from '../provider/adapter.ts';
import { rememberProviderCustomer } from '../provider/mapping.ts';
import { answerOf, decisiveCall } from '../provider/provider.ts';
import { moveCardSession } from '../statuses/card-session-status.ts';
import type { OpenSessions } from './open-sessions.ts';
import { sessionNotFound, type SessionChecks } from './session-checks.ts';

/** Saving a card: a method and a SAVE session opened for it, completed once the card went in. */
export function createCardLinking(deps: {
  db: Database;
  provider: Provider;
  paymentMethods: PaymentMethodService;
  openSessions: OpenSessions;
  checks: SessionChecks;
}) {
  const { db, provider, paymentMethods: methodService, openSessions, checks } = deps;

  return {
    /**
     * POST /payment_methods with a cards channel: the method, REQUIRES_ACTION, and a SAVE session
     * whose id is the method's CARDS_SESSION_JS action; the card form completes it.
     */
    async link(
      session: Caller,
      request: CreatePaymentMethodRequest,
      options: { idempotencyKey: string | undefined; clientId: string },
    ): Promise<PaymentMethod> {
      const { app, customer } = await session.tenant();
      const channel = findChannel(app, request.channel);
      if (!channel || channel.creation_workflow_type !== 'CARDS_SESSION_JS') {
        throw new AppError(
          400,
          'CHANNEL_NOT_AVAILABLE',
          `${request.channel} is not a card channel`,
        );
      }
      if (request.country !== app.country) {
        throw new AppError(400, 'COUNTRY_MISMATCH', `This store sells in ${app.country}`);
      }
      const idempotencyKey = options.idempotencyKey ?? newId('auto');
      // A key used before answers its own method (or 409 for another body), never another open link.
      if (!(await methodService.keyHolder(app.id, customer.id, idempotencyKey))) {
        const reused = await openSessions.reuseLink(app, customer.id, channel.code);
        if (reused?.method) return methodService.toApi(app, reused.method);
      }
      const paymentMethodId = newId('pm');
      const recorded = await methodService.record({
        id: paymentMethodId,
        appId: app.id,
        customerId: customer.id,
        channelCode: channel.code,
        country: app.country,
        referenceId: request.reference_id,
        idempotencyKey,
        requestHash: methodRequestHash(request),
      });
      if (recorded.earlier) return methodService.answerAgain(app, recorded.earlier);
      const method = recorded.created;
      const providerSession = answerOf(
        await decisiveCall(
          () =>
            provider.createCardSession(app, customer, {
              type: 'SAVE',
              // The token the script makes carries this reference, so it finds the method.
              referenceId: paymentMethodId,
              amount: 0,
              returnUrls: methodService.returnUrls(paymentMethodId, options.clientId),
            }),
          (error) =>
            methodService.transition(paymentMethodId, 'FAILED', {
              failureCode: error.errorCode,
            }),
        ),
      );
      await rememberProviderCustomer(db, customer, providerSession.providerCustomerId);
      await db.insert(cardSessions).values({
        id: newId('cs'),
        appId: app.id,
        customerId: customer.id,
        providerSessionId: providerSession.providerSessionId,
        type: 'SAVE',
        status: providerSession.status,
        amount: 0,
        currency: app.currency,
        country: app.country,
        paymentMethodId,
      });
      const updated = await methodService.transition(paymentMethodId, 'REQUIRES_ACTION', {
        actions: [{ type: 'CARDS_SESSION_JS', value: providerSession.providerSessionId }],
      });
      return methodService.toApi(app, updated ?? method);
    },

    /** The script made a payment token from a SAVE session: the method follows its status. */
    async complete(
      session: Caller,
      providerSessionId: string,
      paymentTokenId: string,
    ): Promise<PaymentMethod> {
      const row = await checks.loadOwnSession(session, providerSessionId);
      const paymentMethodId = row.paymentMethodId;
      if (row.type !== 'SAVE' || !paymentMethodId) throw sessionNotFound();
      const { app } = await session.tenant();
      await checks.requireMadeBySession(
        app,
        { paymentMethodId },
        providerSessionId,
        'tokenId',
        paymentTokenId,
      );
      const token = await provider.readToken(app, paymentMethodId, paymentTokenId);
      if (token.referenceId !== paymentMethodId) {
        throw new AppError(
          400,
          cardErrorCodes.requestMismatch,
          `Payment token ${paymentTokenId} was not made from card session ${providerSessionId}`,
        );
      }
      const [method] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.id, paymentMethodId));
      if (!method) throw sessionNotFound();
      await methodService.applyToken(method, token);
      await moveCardSession(db, row.id, 'COMPLETED');
      return methodService.get(session, paymentMethodId);
    },
  };
}
