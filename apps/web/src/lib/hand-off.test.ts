import { describe, expect, it } from 'vitest';
import {
  decideHandOff,
  findBridge,
  handOffMessage,
  parseHandOffParams,
  returnToAppUrl,
  type HandOffBridge,
  handOffPath,
  paymentHandOffPage,
} from './hand-off';

describe('parseHandOffParams', () => {
  it('reads source and openUrlFlow', () => {
    expect(parseHandOffParams(new URLSearchParams('source=mobile&openUrlFlow=true'))).toEqual({
      source: 'mobile',
      openUrlFlow: true,
    });
  });

  it('defaults to no source and the webview flow', () => {
    expect(parseHandOffParams(new URLSearchParams(''))).toEqual({
      source: null,
      openUrlFlow: false,
    });
  });
});

const userAgents = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

const path = '/payments/success?payment_id=pay_1&source=mobile';
const scheme = 'xenditdemo';

function decide(
  userAgent: keyof typeof userAgents,
  query: string,
  bridge: HandOffBridge | null = null,
) {
  return decideHandOff({
    userAgent: userAgents[userAgent],
    params: parseHandOffParams(new URLSearchParams(query)),
    bridge,
    path,
    scheme,
  });
}

describe('decideHandOff', () => {
  describe.each([
    ['source=mobile&openUrlFlow=true'],
    ['source=mobile&openUrlFlow=false'],
    ['source=mobile'],
    [''],
  ])('with the query %j', (query) => {
    it('does nothing on desktop Chrome, even with a bridge', () => {
      expect(decide('desktopChrome', query)).toEqual({ kind: 'none' });
      expect(decide('desktopChrome', query, 'reactNative')).toEqual({ kind: 'none' });
    });

    it.each(['androidChrome', 'iphoneSafari'] as const)(
      'posts the path to the bridge on %s',
      (userAgent) => {
        const source = new URLSearchParams(query).get('source');
        expect(decide(userAgent, query, 'reactNative')).toEqual({
          kind: 'bridge',
          bridge: 'reactNative',
          message: handOffMessage(path, source),
        });
        expect(decide(userAgent, query, 'webkit')).toMatchObject({
          kind: 'bridge',
          bridge: 'webkit',
        });
      },
    );

    it('never opens the custom scheme on iPhone Safari', () => {
      expect(decide('iphoneSafari', query)).toEqual({ kind: 'none' });
    });
  });

  it('opens the custom scheme built from the path for a browser flow on Android Chrome', () => {
    expect(decide('androidChrome', 'source=mobile&openUrlFlow=true')).toEqual({
      kind: 'scheme',
      url: 'xenditdemo://payments/success?payment_id=pay_1&source=mobile',
    });
  });

  it.each(['source=mobile&openUrlFlow=false', 'source=mobile', ''])(
    'does nothing on Android Chrome without a bridge outside a browser flow (%j)',
    (query) => {
      expect(decide('androidChrome', query)).toEqual({ kind: 'none' });
    },
  );

  it('the message names the path and source', () => {
    expect(JSON.parse(handOffMessage(path, 'mobile'))).toEqual({
      type: 'store-result',
      path,
      source: 'mobile',
    });
  });
});

describe('findBridge', () => {
  it('finds react-native-webview first, then the WKWebView handler', () => {
    const posted: string[] = [];
    const post = (message: string) => posted.push(message);
    expect(findBridge({} as Window)).toBeNull();
    expect(findBridge({ ReactNativeWebView: { postMessage: post } } as never)?.name).toBe(
      'reactNative',
    );
    const webkit = findBridge({
      webkit: { messageHandlers: { xenditDemoStore: { postMessage: post } } },
    } as never);
    expect(webkit?.name).toBe('webkit');
    webkit?.post('hello');
    expect(posted).toEqual(['hello']);
  });
});

describe('returnToAppUrl', () => {
  const offer = (userAgent: keyof typeof userAgents, query: string) =>
    returnToAppUrl({
      userAgent: userAgents[userAgent],
      params: parseHandOffParams(new URLSearchParams(query)),
      path: '/payments/success?payment_id=pay_1',
      scheme: 'xenditdemo',
    });

  it('offers the app in a mobile browser flow, on iOS too, where nothing opens it by itself', () => {
    for (const userAgent of ['androidChrome', 'iphoneSafari'] as const) {
      expect(offer(userAgent, 'openUrlFlow=true')).toBe(
        'xenditdemo://payments/success?payment_id=pay_1',
      );
    }
  });

  it('offers nothing in a webview or on a desktop', () => {
    expect(offer('androidChrome', 'openUrlFlow=false')).toBeNull();
    expect(offer('desktopChrome', 'openUrlFlow=true')).toBeNull();
  });
});

describe('handOffPath', () => {
  it('hands on only the ids the page owns, never the rest of its query', () => {
    const search = new URLSearchParams(
      'payment_id=pay_1&openUrlFlow=true&source=app&next=https://evil.example&status=SUCCEEDED',
    );
    expect(handOffPath('/payments/failure', search)).toBe('/payments/failure?payment_id=pay_1');
    expect(handOffPath('/payment_methods/success', new URLSearchParams('x=1'))).toBe(
      '/payment_methods/success',
    );
  });
});

describe('paymentHandOffPage', () => {
  const read = {
    signedIn: true,
    status: undefined,
    missing: false,
    resultPageFor: (status: string) =>
      status === 'FAILED' ? '/payments/failure' : '/payments/success',
    pages: { pending: '/payments/pending', failure: '/payments/failure' },
  };
  it('tells nothing until the payment is read', () => {
    expect(paymentHandOffPage(read)).toBeNull();
  });
  it('tells the failure for a failed payment, whatever page the browser came back to', () => {
    expect(paymentHandOffPage({ ...read, status: 'FAILED' })).toBe('/payments/failure');
  });
  it('tells a failure for a payment the customer does not have', () => {
    expect(paymentHandOffPage({ ...read, missing: true })).toBe('/payments/failure');
  });
  it('tells pending when there is no session to read the payment with', () => {
    expect(paymentHandOffPage({ ...read, signedIn: false })).toBe('/payments/pending');
  });
});
