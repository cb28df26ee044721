import type { FastifyReply } from 'fastify';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Sends a hosted page. Never stored: a page reached again by Back shows the object as it is now
 * (cancelled, paid), not the browser's copy of the form it was before.
 */
export const showPage = (reply: FastifyReply, statusCode: number, html: string) =>
  reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

export const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (character) => escapes[character] ?? character);

/**
 * The hosted pages' icon, inline: a page that names none makes the browser ask for /favicon.ico,
 * which the simulator has not, and log its 404 in the console.
 */
export const iconLink = `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='3' fill='#1d4ed8'/></svg>",
)}">`;

export type Button = { value: string; label: string };

/** A plain page that works without JavaScript: a summary and, when a decision is due, a form. */
export function renderPage(options: {
  title: string;
  lines: [string, unknown][];
  /** A test-mode object's page says so; a live one's does not, as the provider's own do not. */
  testMode?: boolean;
  note?: string;
  buttons?: Button[];
  /** Where the store takes the customer back, when the object names it. */
  back?: string | null;
  /** A decision the page takes by itself once loaded (a card whose challenge is not shown). */
  autoDecision?: string;
  /** The currency of an amount the customer enters with the decision (a code of any amount). */
  amountIn?: string;
}): string {
  const rows = options.lines
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const amountField = options.amountIn
    ? `<p><label>Amount to pay (${escapeHtml(options.amountIn)}) <input name="amount" inputmode="decimal" required></label></p>`
    : '';
  const form = options.buttons?.length
    ? `<form method="post">${amountField}${options.buttons
        .map(
          (button) =>
            `<button type="submit" name="decision" value="${escapeHtml(button.value)}">${escapeHtml(button.label)}</button>`,
        )
        .join(' ')}</form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${iconLink}
<title>${escapeHtml(options.title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
/* A label is one short word: it keeps its line, and its value wraps beside it. */
th { text-align: left; padding-right: 1rem; white-space: nowrap; vertical-align: top; }
/* Ids and references have no spaces: let them break anywhere rather than widen a phone's page. */
h1, p, td { overflow-wrap: anywhere; }
button { font-size: 1rem; padding: 0.5rem 1rem; margin-top: 1rem; }
.badge { background: #fde68a; padding: 0.1rem 0.4rem; border-radius: 0.25rem; font-size: 0.8rem; }
</style>
</head>
<body>
${options.testMode ? '<p><span class="badge">Payments simulator · test mode</span></p>' : ''}
<h1>${escapeHtml(options.title)}</h1>
<table>${rows}</table>
${options.note ? `<p>${escapeHtml(options.note)}</p>` : ''}
${form}
${options.back ? `<p><a href="${escapeHtml(options.back)}">Return to the store</a></p>` : ''}
${options.autoDecision ? `<script>document.querySelector('button[value="${escapeHtml(options.autoDecision)}"]').click();</script>` : ''}
</body>
</html>
`;
}
