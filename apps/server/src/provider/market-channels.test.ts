import { describe, expect, it } from 'vitest';
import { currencies, currencyExponents, exampleMobileNumber, numberFormats } from '@store/contract';
import { marketChannel, marketOf, marketOfCurrency, MARKETS } from '@store/xendit';
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
    ['VN', 'APPOTA', 1_000, 500_000_000, 'REDIRECT'],
    ['VN', 'SHOPEEPAY', 1, 50_000_000, 'REDIRECT'],
    ['MY', 'WECHATPAY', 1, 4_999, 'REDIRECT'],
    ['TH', 'WECHATPAY', 1, 70_000, 'REDIRECT'],
    ['ID', 'ASTRAPAY', 100, 20_000_000, 'REDIRECT'],
    ['ID', 'JENIUSPAY', 1_000, 20_000_000, 'REDIRECT'],
    ['ID', 'LINKAJA', 1, 20_000_000, 'REDIRECT'],
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

  it('saves ShopeePay in Indonesia, the Philippines and Malaysia, not in Thailand or Vietnam', () => {
    const saveable = (country: string) =>
      marketChannels(country).find((channel) => channel.code === 'SHOPEEPAY')?.is_saveable;
    expect(['ID', 'PH', 'MY', 'TH', 'VN'].map(saveable)).toEqual([true, true, true, false, false]);
  });

  it('offers every FPX bank of the overview, retail to MYR 30,000 and business to MYR 1,000,000', () => {
    const fpx = marketChannels('MY').filter((channel) => channel.code.includes('_FPX'));
    const retail = fpx.filter((channel) => channel.code.endsWith('_FPX'));
    const business = fpx.filter((channel) => channel.code.endsWith('_FPX_BUSINESS'));
    expect([retail.length, business.length]).toEqual([20, 20]);
    expect(new Set(retail.map((channel) => channel.max))).toEqual(new Set([30_000]));
    expect(new Set(business.map((channel) => channel.max))).toEqual(new Set([1_000_000]));
    expect(fpx.every((channel) => channel.creation_workflow_type === 'REDIRECT')).toBe(true);
    expect(fpx.some((channel) => channel.is_saveable)).toBe(false);
  });

  it.each([
    ['TH', 'BBL_DIRECT_DEBIT', 20, 700_000],
    ['TH', 'KRUNGSRI_DIRECT_DEBIT', 20, 700_000],
    ['TH', 'KTB_DIRECT_DEBIT', 20, 700_000],
    ['PH', 'CHINABANK_DIRECT_DEBIT', 1, 50_000],
    ['PH', 'RCBC_DIRECT_DEBIT', 1, 50_000],
    ['PH', 'UBP_DIRECT_DEBIT', 1, 100_000],
    ['PH', 'BPI_RECURRING', 1, 500_000],
    ['PH', 'UBP_EADA', 1, 100_000],
  ] as const)(
    '%s debits %s from %s to %s, saveable, confirmed with a mobile number',
    (country, code, min, max) => {
      expect(marketChannels(country).find((channel) => channel.code === code)).toMatchObject({
        min,
        max,
        creation_workflow_type: 'OTP',
        is_saveable: true,
        requiredProperties: ['mobile_number'],
      });
    },
  );

  it.each([
    ['ID', 'VIRTUAL_ACCOUNT', 'BSI_VIRTUAL_ACCOUNT', 1, 50_000_000_000],
    ['VN', 'VIRTUAL_ACCOUNT', 'WOORI_VIRTUAL_ACCOUNT', 10_000, 499_999_999],
    ['TH', 'VIRTUAL_ACCOUNT', 'STANDARD_CHARTERED_VIRTUAL_ACCOUNT', 20, 700_000],
    ['PH', 'VIRTUAL_ACCOUNT', 'BANK_TRANSFER', 1, 200_000_000],
    ['PH', 'QR_CODE', 'QRPH', 1, 50_000],
    ['PH', 'RETAIL_OUTLET', 'MLHUILLIER', 50, 200_000],
    ['PH', 'ONLINE_BANKING', 'PESONET_ONLINE_BANKING', 50_000.01, 20_000_000],
  ] as const)('%s presents or redirects for %s %s, %s to %s', (country, kind, code, min, max) => {
    const channel = marketChannel(country, code);
    expect(channel).toMatchObject({ kind, min, max, saveable: false });
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
