-- The reconciler's second scan (apps/server/src/reconciler/reconciler.ts, quietPayments) has also
-- read payments on the hosted checkout since 0010: awaiting the provider with a session id and no
-- request id yet. Its predicate (a request id or a session id) did not imply this index's (a
-- request id), so PostgreSQL could not use it alone: every round of every instance read every
-- hosted-checkout payment ever made (through their unique session ids), or the whole table where it
-- chose a sequential scan. The index now holds exactly what the scan asks for: the open payments.
DROP INDEX "payments_awaiting_provider";--> statement-breakpoint
CREATE INDEX "payments_awaiting_provider" ON "payments" USING btree ("updated_at") WHERE "payments"."status" in ('REQUIRES_ACTION', 'PENDING') and ("payments"."provider_request_id" is not null or "payments"."provider_session_id" is not null);
