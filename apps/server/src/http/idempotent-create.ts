import { AppError } from './app-error.ts';

/**
 * A create under an Idempotency-Key, the same way for every resource: an insert that does nothing
 * when the customer already used the key, then the row that holds the key, refused with 409 when
 * it was made from another request. Answers the new row, or the earlier one to answer again.
 */
export async function idempotentCreate<Row extends { requestHash: string | null }>(steps: {
  insert: () => Promise<Row | null | undefined>;
  holder: () => Promise<Row | undefined>;
  requestHash: string;
  /** What the key was used for, in the refusal's words ("order", "payment method"). */
  resource: string;
}): Promise<{ created: Row; earlier?: never } | { earlier: Row; created?: never }> {
  const created = await steps.insert();
  if (created) return { created };
  const earlier = await steps.holder();
  // The insert conflicted on the key, so a row holds it: its absence is a broken database.
  if (!earlier) throw new Error('idempotency conflict without a row');
  return { earlier: sameRequest(earlier, steps.requestHash, steps.resource) };
}

/** The row an Idempotency-Key holds, if it was made from this request; 409 otherwise. */
export function sameRequest<Row extends { requestHash: string | null }>(
  earlier: Row,
  requestHash: string,
  resource: string,
): Row {
  if (earlier.requestHash !== requestHash) {
    throw new AppError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      `This Idempotency-Key was used for another ${resource}`,
    );
  }
  return earlier;
}
