/** The amount to pay: the lines' sum less the voucher, never below zero (integers, minor units). */
export function orderTotal(
  lines: readonly { price: number }[],
  voucher: { fixed_amount: number } | null,
): number {
  const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
  return Math.max(0, subtotal - (voucher?.fixed_amount ?? 0));
}
