import { formatMoney, type Money } from '@store/contract/client';

/** A price as the storefront shows it: currency code, then the amount, e.g. "IDR 150.000". */
export function formatPrice({ amount, currency }: Money): string {
  return `${currency} ${formatMoney(amount, currency)}`;
}

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
};
// Made on first use: the first Intl formatter loads locale data, which the first screen (prices
// only) should not wait for.
let localDateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * A moment as the specification shows it, 'Month D, YYYY, h:mm:ss AM/PM' in the browser's time
 * zone (or `timeZone` when given); an unreadable value is shown as it came. Assembled from parts,
 * since engines join date and time differently (", " or " at ").
 */
export function formatDateTime(value: string | number | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const format =
    timeZone === undefined
      ? (localDateTimeFormat ??= new Intl.DateTimeFormat('en-US', dateTimeOptions))
      : new Intl.DateTimeFormat('en-US', { ...dateTimeOptions, timeZone });
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    format.formatToParts(date).find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')}, ${part('hour')}:${part('minute')}:${part('second')} ${part('dayPeriod')}`;
}

/**
 * A deadline (a payment's, or when a subscription's cycle is charged): the moment as
 * formatDateTime shows it, then its time zone ("GMT+7", "UTC"), since a customer may pay from
 * another zone than the one the page was read in.
 */
export function formatDeadline(value: string | number | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  const moment = formatDateTime(date, timeZone);
  return zone ? `${moment} ${zone}` : moment;
}

const intervalWords = { DAY: 'day', WEEK: 'week', MONTH: 'month' } as const;

/** How often a subscription charges, in words: "every month", "every 2 weeks". */
export function formatInterval(interval: keyof typeof intervalWords, count: number): string {
  const unit = intervalWords[interval];
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/** A subscription's charge per cycle: "IDR 99.000 every month". */
export function formatPerCycle(
  money: Money,
  interval: keyof typeof intervalWords,
  count: number,
): string {
  return `${formatPrice(money)} ${formatInterval(interval, count)}`;
}

/**
 * What tells a saved method apart from another of its channel: a card's masked number, since its
 * network alone does not (two VISA cards both read "VISA"), else the first detail the provider gave.
 */
export function savedMethodDetail(
  details: Readonly<Record<string, string>> | null | undefined,
): string | undefined {
  return details?.masked_card_number ?? Object.values(details ?? {})[0];
}
