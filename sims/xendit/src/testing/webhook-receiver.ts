import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecurringWebhookEvent, WebhookEvent } from '@store/xendit';
import type { ExtraWebhookEventName } from '../webhooks/outbox.ts';

/** Any webhook the simulator sends: the store's events and the subscription ones. */
type SentWebhook = WebhookEvent | RecurringWebhookEvent;

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: SentWebhook };

/** A merchant's webhook endpoint for tests: records what arrives and answers `status`. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const state = { status: 200, holdNext: false, holdNextBody: false };
  const held: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as SentWebhook,
      });
      const answer = () => response.writeHead(state.status).end();
      if (state.holdNext) {
        state.holdNext = false;
        held.push(answer);
      } else if (state.holdNextBody) {
        state.holdNextBody = false;
        response.writeHead(state.status).flushHeaders();
        held.push(() => response.end());
      } else {
        answer();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    /** What the receiver answers from now on. */
    answer(status: number) {
      state.status = status;
    },
    /** Records the next webhook but leaves it unanswered, as a slow endpoint, until release. */
    holdNext() {
      state.holdNext = true;
    },
    /** Answers the next webhook's status at once but holds its body back, until release. */
    holdNextBody() {
      state.holdNextBody = true;
    },
    /** Answers (or ends the bodies of) the webhooks held so far. */
    release() {
      for (const answer of held.splice(0)) answer();
    },
    /** Waits for a webhook matching `match`, failing after `timeoutMs`. */
    async waitFor(
      match: (webhook: ReceivedWebhook) => boolean,
      timeoutMs = 5000,
    ): Promise<ReceivedWebhook> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('The expected webhook did not arrive in time');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** Matches the webhook of one event about one object. */
export const webhookOf =
  (event: SentWebhook['event'] | ExtraWebhookEventName, id: string) =>
  ({ body }: ReceivedWebhook) =>
    body.event === event && JSON.stringify(body.data).includes(`"${id}"`);
