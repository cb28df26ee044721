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

export const canMoveCardSession = (from: CardSessionStatus, to: CardSessionStatus) =>
  from === to || transitions[from].includes(to);

const sessionStatusesFrom = (to: CardSessionStatus) =>
  (Object.keys(transitions) as CardSessionStatus[]).filter((from) =>
    transitions[from].includes(to),
  );

/** The one status the cards script can still use a session in, and the provider still change. */
export const openCardSessionStatus = 'ACTIVE' satisfies CardSessionStatus;

export const cardSessionAwaitsProvider = (status: CardSessionStatus) =>
  transitions[status].length > 0;

/** Whether a session ran out before the card went in: its unpaid payment fails. */
export const isCardSessionExpired = (status: CardSessionStatus) => status === 'EXPIRED';

/** Whether the provider cancelled a session (it refuses once the card went in). */
export const isCardSessionCancelled = (status: CardSessionStatus) => status === 'CANCELED';

/** The ends a provider's session webhook may report: the card went in, or time ran out. */
export const isCardSessionEnd = (
  status: CardSessionStatus | undefined,
): status is 'COMPLETED' | 'EXPIRED' => status === 'COMPLETED' || status === 'EXPIRED';

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
