-- The customer's cancel is recorded before the provider is asked to deactivate the plan, so the
-- plan's inactivation (by webhook or a read) arriving before, or instead of, the deactivation's
-- answer ends the subscription CANCELLED, as the customer asked, not INACTIVE (apps/server/src/subscriptions).
ALTER TABLE "subscriptions" ADD COLUMN "cancel_requested_at" timestamp with time zone;
