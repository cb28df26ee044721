-- The reconciler's second scan (apps/server/src/reconciler/reconciler.ts, quietPayments) has also
-- read payments on the hosted checkout since 0010: awaiting the provider with a session id and no
-- request id yet. Its predicate (a request id or a session id) did not imply this index's (a
-- request id), so PostgreSQL could not use it alone: every round of every instance read every
-- hosted-checkout payment ever made (through their unique session ids), or the whole table where it
-- chose a sequential scan. The index now holds exactly what the scan asks for: the open payments.
-- The new index is built before the old one is dropped: the build takes a lock that lets reads of
-- payments go on, and the drop's exclusive lock comes only at its end (a migration runs in one
-- transaction, so not CONCURRENTLY).
CREATE INDEX "payments_awaiting_provider_0015" ON "payments" USING btree ("updated_at") WHERE "payments"."status" in ('REQUIRES_ACTION', 'PENDING') and ("payments"."provider_request_id" is not null or "payments"."provider_session_id" is not null);--> statement-breakpoint
DROP INDEX "payments_awaiting_provider";--> statement-breakpoint
ALTER INDEX "payments_awaiting_provider_0015" RENAME TO "payments_awaiting_provider";
