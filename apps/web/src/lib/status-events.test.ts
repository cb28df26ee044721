import { describe, expect, it } from 'vitest';
import { parseBlock } from './status-events';

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
});
