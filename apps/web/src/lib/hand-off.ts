import type { PaymentStatus } from '@store/contract/client';

/**
 * Query parameters with which a mobile app opens the result pages: who opened the flow
 * (`source`) and whether it runs in the system browser (`openUrlFlow`) rather than the in-app
 * webview. The hand-off back to the app reads them.
 */
export interface HandOffParams {
  source: string | null;
  openUrlFlow: boolean;
}

export function parseHandOffParams(search: URLSearchParams): HandOffParams {
  const openUrlFlow = search.get('openUrlFlow');
  return {
    source: search.get('source'),
    openUrlFlow: openUrlFlow === 'true' || openUrlFlow === '1',
  };
}

/**
 * The native bridges a mobile app's webview may inject, by name:
 * - `reactNative`: `window.ReactNativeWebView.postMessage(string)` (react-native-webview);
 * - `webkit`: `window.webkit.messageHandlers.xenditDemoStore.postMessage(string)`, a WKWebView
 *   script message handler registered under the name {@link webkitHandlerName}.
 */
export type HandOffBridge = 'reactNative' | 'webkit';
export const webkitHandlerName = 'xenditDemoStore';

/** What a result page does to hand control back to a mobile app. */
export type HandOffDecision =
  | { kind: 'none' }
  | { kind: 'bridge'; bridge: HandOffBridge; message: string }
  | { kind: 'scheme'; url: string };

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

export function isIosUserAgent(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

/** The message a bridge receives: JSON text, since react-native-webview carries strings only. */
export function handOffMessage(path: string, source: string | null): string {
  return JSON.stringify({ type: 'store-result', path, source });
}

/** The fields a result page hands on: its own ids, never the rest of the query it was opened with. */
const ownedFields = ['payment_id', 'payment_method_id'] as const;

/** The path a hand-off names: a result page with only the ids it owns. */
export function handOffPath(page: string, search: URLSearchParams): string {
  const owned = new URLSearchParams();
  for (const name of ownedFields) {
    const value = search.get(name);
    if (value) owned.set(name, value);
  }
  const query = owned.toString();
  return query ? `${page}?${query}` : page;
}

/**
 * The result page a payment's hand-off tells the app, once the payment is read: the page of its
 * status, so a failed payment is a failure whatever page the browser came back to; a payment the
 * customer does not have is a failure; and a page with no session to read it with says pending,
 * for the app to read the payment itself. Null while the read is on its way.
 */
export function paymentHandOffPage(read: {
  signedIn: boolean;
  status: PaymentStatus | undefined;
  missing: boolean;
  resultPageFor: (status: PaymentStatus) => string;
  pages: { pending: string; failure: string };
}): string | null {
  if (!read.signedIn) return read.pages.pending;
  if (read.missing) return read.pages.failure;
  return read.status ? read.resultPageFor(read.status) : null;
}

/** `xenditdemo://payments/success?payment_id=...` for the path `/payments/success?payment_id=...`. */
export function handOffSchemeUrl(scheme: string, path: string): string {
  return `${scheme}://${path.replace(/^\/+/, '')}`;
}

/**
 * Mobile hand-off (specification sections 1, 2 and 4), decided from what the page knows: only on a
 * mobile user agent; a present webview bridge gets the path; otherwise a browser flow
 * (openUrlFlow) opens the app's custom scheme, except on iOS, where it is skipped.
 */
export function decideHandOff({
  userAgent,
  params,
  bridge,
  path,
  scheme,
}: {
  userAgent: string;
  params: HandOffParams;
  /** The bridge the webview injected, if any. */
  bridge: HandOffBridge | null;
  /** The result page's path with its query, e.g. /payments/success?payment_id=pay_1. */
  path: string;
  scheme: string;
}): HandOffDecision {
  if (!isMobileUserAgent(userAgent)) return { kind: 'none' };
  if (bridge !== null) {
    return { kind: 'bridge', bridge, message: handOffMessage(path, params.source) };
  }
  if (params.openUrlFlow && !isIosUserAgent(userAgent) && scheme.length > 0) {
    return { kind: 'scheme', url: handOffSchemeUrl(scheme, path) };
  }
  return { kind: 'none' };
}

interface BridgeWindow {
  ReactNativeWebView?: { postMessage?: (message: string) => void };
  webkit?: { messageHandlers?: Record<string, { postMessage?: (message: string) => void }> };
}

/** Which bridge this window has, and how to post to it. */
export function findBridge(
  target: Window = window,
): { name: HandOffBridge; post: (message: string) => void } | null {
  const bridged = target as unknown as BridgeWindow;
  const reactNative = bridged.ReactNativeWebView;
  if (typeof reactNative?.postMessage === 'function') {
    return { name: 'reactNative', post: (message) => reactNative.postMessage?.(message) };
  }
  const handler = bridged.webkit?.messageHandlers?.[webkitHandlerName];
  if (typeof handler?.postMessage === 'function') {
    return { name: 'webkit', post: (message) => handler.postMessage?.(message) };
  }
  return null;
}

/**
 * The address of the "Return to the app" button on a result page reached in a browser flow: the
 * app's custom scheme. A browser may refuse to open it without a tap (and iOS is never sent there
 * by itself), so the page always offers it to tap; null outside a mobile browser flow.
 */
export function returnToAppUrl({
  userAgent,
  params,
  path,
  scheme,
}: {
  userAgent: string;
  params: HandOffParams;
  path: string;
  scheme: string;
}): string | null {
  if (!isMobileUserAgent(userAgent) || !params.openUrlFlow || scheme.length === 0) return null;
  return handOffSchemeUrl(scheme, path);
}
