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

  it.each([
    ['TH', 'LINEPAY', 1, 50_000, 'REDIRECT'],
    ['TH', 'SHOPEEPAY', 1, 200_000, 'REDIRECT'],
    ['VN', 'VIETTELPAY', 1, 50_000_000, 'REDIRECT'],
    ['VN', 'VNPTWALLET', 1_000, 500_000_000, 'REDIRECT'],
    ['VN', 'MOMO', 1, 50_000_000, 'REDIRECT'],
  ] as const)(
    '%s offers %s from %s to %s, approved on the wallet page and never saved',
    (country, code, min, max, workflow) => {
      const channel = marketChannels(country).find((candidate) => candidate.code === code);
      expect(channel).toMatchObject({
        min,
        max,
        creation_workflow_type: workflow,
        is_saveable: false,
        requiredProperties: [],
      });
    },
  );

  it('saves ShopeePay in Indonesia, the Philippines and Malaysia, not in Thailand', () => {
    const saveable = (country: string) =>
      marketChannels(country).find((channel) => channel.code === 'SHOPEEPAY')?.is_saveable;
    expect([saveable('ID'), saveable('PH'), saveable('MY'), saveable('TH')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('offers ShopeePay in Malaysia from MYR 1 to MYR 30,000, approved on the wallet page', () => {
    expect(marketChannels('MY').find((channel) => channel.code === 'SHOPEEPAY')).toMatchObject({
      min: 1,
      max: 30_000,
      creation_workflow_type: 'REDIRECT',
      requiredProperties: [],
    });
  });

  it('documents limits that make sense for every channel', () => {
    for (const market of MARKETS) {
      for (const channel of market.channels) {
        expect(channel.min, `${market.country} ${channel.code}`).toBeGreaterThan(0);
        expect(channel.max, `${market.country} ${channel.code}`).toBeGreaterThan(channel.min);
      }
    }
  });
});
