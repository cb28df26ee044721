import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { cardSessions } from '../db/schema.ts';

/** A card session's stored status: the provider's session statuses. */
export type CardSessionStatus = 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | 'CANCELED';

/** A card session ends once: completed by the card, expired or cancelled; nothing reopens it. */
const transitions: Record<CardSessionStatus, readonly CardSessionStatus[]> = {
  ACTIVE: ['COMPLETED', 'EXPIRED', 'CANCELED'],
  COMPLETED: [],
  EXPIRED: [],
  CANCELED: [],
};

const sessionStatusesFrom = (to: CardSessionStatus) =>
  (Object.keys(transitions) as CardSessionStatus[]).filter((from) =>
    transitions[from].includes(to),
  );

/** Ends a card session if the table allows it; answers whether it moved. */
export async function moveCardSession(
  db: Database,
  id: string,
  to: CardSessionStatus,
): Promise<boolean> {
  const moved = await db
    .update(cardSessions)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(cardSessions.id, id), inArray(cardSessions.status, sessionStatusesFrom(to))))
    .returning({ id: cardSessions.id });
  return moved.length > 0;
}
