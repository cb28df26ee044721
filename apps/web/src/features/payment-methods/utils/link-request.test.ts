import { describe, expect, it } from 'vitest';
import { linkRequestOf } from './link-request';

const ovo = { code: 'OVO', country: 'ID' };

describe('linkRequestOf', () => {
  it('links the channel under a fresh 12-character reference per attempt', () => {
    const first = linkRequestOf(ovo);
    const second = linkRequestOf(ovo);
    expect(first).toEqual({
      channel: 'OVO',
      country: 'ID',
      reference_id: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    expect(second.reference_id).not.toBe(first.reference_id);
  });

  it('sends the inputs the channel asked for, and none when it asked for none', () => {
    expect(linkRequestOf(ovo, { mobile_number: '+628123' }).channel_properties).toEqual({
      mobile_number: '+628123',
    });
    expect(linkRequestOf(ovo, {})).not.toHaveProperty('channel_properties');
  });
});
