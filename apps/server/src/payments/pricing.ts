import { and, eq, inArray } from 'drizzle-orm';
import {
  voucherAppliesTo,
  voucherNotApplicableMessage,
  type CreatePaymentRequest,
} from '@store/contract';
import type { Database } from '../db/database.ts';
import { products, vouchers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { AppRow } from '../provider/provider.ts';

export type ProductRow = typeof products.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;

export interface PricedOrder {
  lines: ProductRow[];
  subtotal: number;
  voucher: VoucherRow | null;
  amount: number;
}

const priceError = (message: string) => new AppError(400, 'PRICE_MISMATCH', message);

/**
 * Prices an order from the store's own catalogue and vouchers. The browser's prices and total are
 * only compared with the result, never used: any difference refuses the order.
 */
export async function priceOrder(
  db: Database,
  app: AppRow,
  request: CreatePaymentRequest,
  channelCode: string,
): Promise<PricedOrder> {
  const productIds = request.orders.map((line) => line.product_id);
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.appId, app.id), inArray(products.id, productIds)));
  const [voucher] = request.voucher_id
    ? await db
        .select()
        .from(vouchers)
        .where(
          and(
            eq(vouchers.id, request.voucher_id),
            eq(vouchers.appId, app.id),
            eq(vouchers.active, 1),
          ),
        )
    : [];
  return priceFrom(app, request, channelCode, rows, voucher ?? null);
}

/**
 * Prices an order from the app's rows of the ordered products and of the order's voucher (null
 * when none was found), read by the caller.
 */
export function priceFrom(
  app: AppRow,
  request: CreatePaymentRequest,
  channelCode: string,
  productRows: ProductRow[],
  voucherRow: VoucherRow | null,
): PricedOrder {
  const productIds = request.orders.map((line) => line.product_id);
  if (new Set(productIds).size !== productIds.length) {
    throw new AppError(400, 'DUPLICATE_ORDER_LINE', 'Each product may appear once in an order');
  }
  const byId = new Map(productRows.map((row) => [row.id, row]));
  const lines = request.orders.map((line) => {
    const product = byId.get(line.product_id);
    if (!product)
      throw new AppError(400, 'PRODUCT_NOT_FOUND', `Product ${line.product_id} does not exist`);
    if (line.price !== product.priceAmount || line.currency !== product.currency) {
      throw priceError(
        `The price of ${product.name} is ${product.currency} ${product.priceAmount}, not ${line.currency} ${line.price}`,
      );
    }
    return product;
  });
  if (request.currency !== app.currency) {
    throw priceError(`This store charges in ${app.currency}, not ${request.currency}`);
  }
  if (request.country !== app.country) {
    throw new AppError(400, 'COUNTRY_MISMATCH', `This store sells in ${app.country}`);
  }
  const subtotal = lines.reduce((sum, line) => sum + line.priceAmount, 0);

  let voucher: PricedOrder['voucher'] = null;
  if (request.voucher_id) {
    if (!voucherRow)
      throw new AppError(400, 'VOUCHER_NOT_FOUND', `Voucher ${request.voucher_id} does not exist`);
    const terms = {
      code: voucherRow.code,
      fixed_amount: voucherRow.fixedAmount,
      payment_method_type: voucherRow.paymentMethodType,
    };
    if (!voucherAppliesTo(terms, channelCode)) {
      throw new AppError(400, 'VOUCHER_NOT_APPLICABLE', voucherNotApplicableMessage(terms));
    }
    voucher = voucherRow;
  }
  const amount = subtotal - (voucher?.fixedAmount ?? 0);
  if (amount <= 0) {
    throw new AppError(400, 'AMOUNT_TOO_LOW', 'The voucher is worth more than the order');
  }
  if (request.amount !== amount) {
    throw priceError(`The order's total is ${app.currency} ${amount}, not ${request.amount}`);
  }
  return { lines, subtotal, voucher, amount };
}
