import {
  readStatusEvent,
  statusEventName,
  statusEventsRoute,
  type StatusEvent,
} from '@store/contract/client';
import { getApiBaseUrl } from './config';
import { getToken } from './session';

/** How long to wait before opening the stream again after it broke. */
const reconnectDelayMs = 3_000;
/** The longest a refusal's Retry-After holds the stream back: statuses are read on pages anyway. */
const longestRetryAfterSeconds = 120;

/**
 * The wait before the stream is opened again: a 429's Retry-After (the instance, or the client's
 * address, holds as many streams as it may), so refused tabs do not ask again every few seconds;
 * otherwise a few seconds.
 */
export function reconnectDelay(status: number | null, retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  if (status === 429 && Number.isFinite(seconds) && seconds > 0) {
    return Math.min(seconds, longestRetryAfterSeconds) * 1000;
  }
  return reconnectDelayMs;
}

/**
 * Follows the signed-in customer's live status feed (Server-Sent Events over fetch, so the session
 * token goes in the Authorization header, never in the URL) and hands each change to `onEvent`;
 * `onConnected` runs each time the stream (re)opens, since changes missed meanwhile are not
 * replayed. Reconnects until `signal` aborts.
 */
export async function followStatusEvents(
  onEvent: (event: StatusEvent) => void,
  onConnected: () => void,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    const baseUrl = getApiBaseUrl();
    const token = getToken();
    if (!baseUrl || !token) return;
    let delayMs = reconnectDelayMs;
    try {
      const response = await fetch(`${baseUrl.replace(/\/$/, '')}${statusEventsRoute.path}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal,
      });
      // A refused token is for the session handling to notice, not for a retry loop.
      if (response.status === 401 || response.status === 403) return;
      delayMs = reconnectDelay(response.status, response.headers.get('retry-after'));
      if (response.ok && response.body) {
        onConnected();
        await readEvents(response.body, onEvent);
      }
    } catch (error) {
      if (signal.aborted) return;
      if (!(error instanceof TypeError) && !(error instanceof DOMException)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/** Reads `event: status` blocks off the stream until it ends. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: StatusEvent) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event) onEvent(event);
      end = buffer.indexOf('\n\n');
    }
  }
}

export function parseBlock(block: string): StatusEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (name !== statusEventName || data.length === 0) return null;
  try {
    return readStatusEvent(JSON.parse(data.join('\n')));
  } catch {
    return null;
  }
}
