import { setTimeout as sleep } from 'node:timers/promises';

// The cluster run's HTTP client: every call goes through the balancer and is counted for the
// closing line; a lost connection is an answer like any other (status 0), since losing one is
// what the run provokes.

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export type CallInit = { method?: string; token?: string; key?: string; body?: unknown };

const attemptsPerCall = 8;
let requests = 0;

/** Calls made so far, retries included. */
export const requestsMade = () => requests;

/** What a careful client retries: no answer, a conflict with its own retry, a server failure. */
export const retryable = (status: number) => status === 0 || status === 409 || status >= 500;

/** One HTTP call through the balancer; a lost connection is status 0. */
export async function call(url: string, init: CallInit = {}): Promise<Answer> {
  requests += 1;
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.key ? { 'idempotency-key': init.key } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = {};
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: {} };
  }
}

/** Retries what an instance's death or a conflict left unanswered, as a careful client does. */
export async function callWithRetries(
  url: string,
  init: CallInit,
  done: (answer: Answer) => boolean,
): Promise<Answer> {
  let answer: Answer = { status: 0, body: {} };
  for (let attempt = 0; attempt < attemptsPerCall; attempt += 1) {
    answer = await call(url, init);
    if (done(answer)) return answer;
    await sleep(200 * (attempt + 1));
  }
  return answer;
}
