import { marketOfCurrency, type Session } from '@store/xendit';
import { escapeHtml, iconLink } from './html.ts';

// The hosted checkout's markup: plain HTML forms that work without JavaScript, one column that fits
// a phone, every control labelled.

/**
 * An amount in its currency's minor units and its market's number format, e.g. "IDR 50.000",
 * "PHP 1,250.00" or "150.000 VND". The number format is the currency's whatever the session's
 * language, as the provider's own components write amounts (CURRENCY_NUMBER_FORMAT_LOCALE in
 * https://github.com/xendit/xendit-components-web, sdk/src/data/currencies.ts: IDR "id", VND "vi").
 */
export function formatAmount(amount: number, currency: string): string {
  const market = marketOfCurrency(currency);
  const digits = market?.minorUnits ?? 2;
  const locale = market?.locale ?? 'en';
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}

const styles = `
* { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 0; color: #111827; background: #f9fafb; }
main { max-width: 32rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 0.5rem; }
p, th, td, li, dd { overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 0.25rem 0; text-align: left; vertical-align: top; }
td.amount, th.amount { text-align: right; white-space: nowrap; padding-left: 0.5rem; }
.total { font-size: 1.25rem; font-weight: 700; }
.badge { display: inline-block; background: #fde68a; color: #111827; padding: 0.1rem 0.5rem; border-radius: 0.25rem; font-size: 0.85rem; }
.notice { background: #fee2e2; color: #7f1d1d; padding: 0.75rem; border-radius: 0.5rem; }
.info { background: #e0f2fe; color: #0c4a6e; padding: 0.75rem; border-radius: 0.5rem; }
.channel { background: #fff; border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 0.75rem; margin: 0.5rem 0; }
fieldset { border: 0; padding: 0; margin: 0; }
legend { font-weight: 700; font-size: 1.1rem; margin: 1.25rem 0 0.25rem; }
label { display: block; margin: 0.5rem 0 0.25rem; }
label.check { display: flex; gap: 0.5rem; align-items: center; }
input[type=text], input[type=tel], input[type=email] { width: 100%; font-size: 1rem; padding: 0.5rem; border: 1px solid #6b7280; border-radius: 0.375rem; }
.row { display: flex; gap: 0.5rem; }
.row > div { flex: 1; min-width: 0; }
button { font-size: 1rem; padding: 0.6rem 1rem; margin-top: 0.5rem; border: 0; border-radius: 0.375rem; background: #1d4ed8; color: #fff; cursor: pointer; }
button.secondary { background: #e5e7eb; color: #111827; }
.code { font-family: ui-monospace, monospace; font-size: 1.25rem; font-weight: 700; }
a { color: #1d4ed8; }
nav.back a { display: inline-block; padding: 0.5rem 0; }
`;

export type Shell = {
  title: string;
  testMode: boolean;
  body: string;
  /** Seconds after which the page reloads itself, while an outcome is awaited elsewhere. */
  refreshSeconds?: number;
  /**
   * The merchant's cancel_return_url, linked above everything as hosted checkouts do: on a phone
   * the market's channels run thousands of pixels, and the way back must not wait below them.
   */
  cancelUrl?: string | null;
};

/** The page's words are English whatever the session's locale, so its language says so. */
export function renderShell({ title, testMode, body, refreshSeconds, cancelUrl }: Shell): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : ''}
${iconLink}
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${cancelUrl ? `<nav class="back" aria-label="Leave checkout"><a href="${escapeHtml(cancelUrl)}"><span aria-hidden="true">← </span>Back to the merchant</a></nav>` : ''}
${testMode ? '<p><span class="badge">Test mode: no real money moves</span></p>' : ''}
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The order: what the merchant asks for, its items and their total. */
export function renderSummary(session: Session): string {
  const items = session.items ?? [];
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</td><td class="amount">${escapeHtml(
          formatAmount(item.net_unit_amount * item.quantity, session.currency),
        )}</td></tr>`,
    )
    .join('');
  const total =
    session.session_type === 'SAVE'
      ? '<p>Save a payment method for later payments. Nothing is charged now.</p>'
      : `<p class="total">Total ${escapeHtml(formatAmount(session.amount, session.currency))}</p>`;
  return `<section aria-label="Order summary">
${session.description ? `<p>${escapeHtml(session.description)}</p>` : ''}
${items.length > 0 ? `<table><caption style="text-align:left;font-weight:700">Items</caption><thead><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
${total}
</section>`;
}

export const link = (href: string, text: string) =>
  `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>`;

export const postButton = (action: string, label: string, secondary = false) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;
