import { describe, expect, it } from 'vitest';
import { parseBlock, reconnectDelay } from './status-events';

describe('the live status stream', () => {
  it('reads a status event block', () => {
    expect(
      parseBlock(
        'event: status\ndata: {"app_id":"demo-id","customer_id":"cus_1","kind":"payment","id":"pay_1"}',
      ),
    ).toEqual({ app_id: 'demo-id', customer_id: 'cus_1', kind: 'payment', id: 'pay_1' });
  });

  it('ignores comments, other events and data that is not a status event', () => {
    expect(parseBlock(': heartbeat')).toBeNull();
    expect(parseBlock(': connected')).toBeNull();
    expect(parseBlock('event: other\ndata: {}')).toBeNull();
    expect(parseBlock('event: status\ndata: not json')).toBeNull();
    expect(parseBlock('event: status\ndata: {"kind":"payment"}')).toBeNull();
  });

  it("waits a refusal's Retry-After before asking for the stream again, within bounds", () => {
    expect(reconnectDelay(429, '25')).toBe(25_000);
    expect(reconnectDelay(429, '3600')).toBe(120_000);
    expect(reconnectDelay(429, null)).toBe(3_000);
    expect(reconnectDelay(503, '25')).toBe(3_000);
    expect(reconnectDelay(200, null)).toBe(3_000);
  });
});
