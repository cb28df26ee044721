import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetSubscribeReturn,
  rememberSubscribeReturn,
  subscribeReturnPath,
} from './subscribe-return';

describe('coming back to subscribe after saving a method', () => {
  afterEach(() => sessionStorage.clear());

  it('offers nothing when the customer did not leave a subscription', () => {
    expect(subscribeReturnPath()).toBeNull();
  });

  it('leads back to the product with its Subscribe dialog open, until forgotten', () => {
    rememberSubscribeReturn('prod 7');
    expect(subscribeReturnPath()).toBe('/products/prod%207?subscribe=1');
    forgetSubscribeReturn();
    expect(subscribeReturnPath()).toBeNull();
  });
});
