/**
 * A retry of a create whose first request may still be at the provider waits for that request's
 * answer, reading the record again every 50 ms, but only as long as that request can take from
 * when the record was made: a retry of a create left unanswered long ago answers at once, so
 * retries under one key (free of the create budget) cannot each hold a request polling the
 * database.
 */
export async function waitWhileCreating<Row extends { createdAt: Date }>(
  row: Row,
  {
    providerTimeoutMs,
    isCreating,
    reload,
  }: {
    providerTimeoutMs: number;
    isCreating: (row: Row) => boolean;
    reload: () => Promise<Row | undefined>;
  },
): Promise<Row> {
  const deadline = row.createdAt.getTime() + providerTimeoutMs + 2_000;
  let current = row;
  while (isCreating(current) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await reload();
    if (!next) break;
    current = next;
  }
  return current;
}
