import { describe, expect, it } from 'vitest';
import { currencies, currencyExponents, exampleMobileNumber, numberFormats } from '@store/contract';
import { marketOf, marketOfCurrency, MARKETS } from '@store/xendit';
import { demoApps } from '../db/seed.ts';
import { marketChannels } from './market-channels.ts';

// The storefront's currency facts (packages/contract) and the provider's market table
// (packages/xendit) are the two places money is described; they must agree for every market the
// store sells in, or the store would display what the provider does not charge.

describe("the store's markets and the provider's", () => {
  it.each(currencies.filter((currency) => marketOfCurrency(currency)))(
    '%s has the same minor unit and locale on both sides',
    (currency) => {
      const market = marketOfCurrency(currency);
      expect(market?.minorUnits).toBe(currencyExponents[currency]);
      expect(market?.locale).toBe(numberFormats[currency].locale);
    },
  );

  it.each(demoApps.map((app) => [app.id, app.country, app.currency] as const))(
    '%s is a market the provider serves, in its currency, with channels of each kind it lists',
    (_id, country, currency) => {
      const market = marketOf(country);
      expect(market?.currency).toBe(currency);
      expect(marketChannels(country).length).toBe(market?.channels.length);
      expect(exampleMobileNumber(country).startsWith(`+${market?.callingCode}`)).toBe(true);
    },
  );

  it('documents limits that make sense for every channel', () => {
    for (const market of MARKETS) {
      for (const channel of market.channels) {
        expect(channel.min, `${market.country} ${channel.code}`).toBeGreaterThan(0);
        expect(channel.max, `${market.country} ${channel.code}`).toBeGreaterThan(channel.min);
      }
    }
  });
});
