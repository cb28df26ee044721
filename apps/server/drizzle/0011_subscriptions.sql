CREATE TABLE "subscription_cycles" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"provider_cycle_id" text NOT NULL,
	"cycle_number" integer NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failure_code" text,
	"provider_request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_cycles_provider_cycle_id_unique" UNIQUE("provider_cycle_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"product_image_path" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"provider_token_id" text NOT NULL,
	"provider_customer_id" text,
	"provider_plan_id" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"interval_count" integer NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"reconcile_attempts" integer DEFAULT 0 NOT NULL,
	"next_reconcile_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_plan_id_unique" UNIQUE("provider_plan_id")
);
--> statement-breakpoint
ALTER TABLE "provider_operations" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subscription_interval" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subscription_interval_count" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subscription_amount" bigint;--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_cycles_subscription" ON "subscription_cycles" USING btree ("subscription_id","cycle_number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_idempotency" ON "subscriptions" USING btree ("app_id","customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "subscriptions_customer" ON "subscriptions" USING btree ("app_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_creating" ON "subscriptions" USING btree ("created_at") WHERE "subscriptions"."status" = 'CREATING';--> statement-breakpoint
CREATE INDEX "provider_operations_subscription" ON "provider_operations" USING btree ("subscription_id","created_at");--> statement-breakpoint
-- The live-status feed (0004_status_events.sql) hears subscriptions too: a plan's status, and any
-- cycle's (announced as its subscription's, which the page reads again with its cycles).
CREATE TRIGGER "subscriptions_status_inserted" AFTER INSERT ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "store_notify_status"('subscription');--> statement-breakpoint
CREATE TRIGGER "subscriptions_status_updated" AFTER UPDATE OF "status" ON "subscriptions"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "store_notify_status"('subscription');--> statement-breakpoint
CREATE FUNCTION "store_notify_cycle_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_status', json_build_object(
    'app_id', s.app_id, 'customer_id', s.customer_id, 'kind', 'subscription',
    'id', NEW.subscription_id)::text)
  FROM subscriptions s WHERE s.id = NEW.subscription_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscription_cycles_status_inserted" AFTER INSERT ON "subscription_cycles"
  FOR EACH ROW EXECUTE FUNCTION "store_notify_cycle_status"();--> statement-breakpoint
CREATE TRIGGER "subscription_cycles_updated" AFTER UPDATE ON "subscription_cycles"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.attempts IS DISTINCT FROM NEW.attempts)
  EXECUTE FUNCTION "store_notify_cycle_status"();--> statement-breakpoint
-- The demo catalogues' subscribable products, where the seed made them before this migration
-- (a new database gets them from the seed).
UPDATE "products" SET "subscription_interval" = 'MONTH', "subscription_interval_count" = 1,
  "subscription_amount" = 115000 WHERE "id" = 'id-kopi-beans';--> statement-breakpoint
UPDATE "products" SET "subscription_interval" = 'MONTH', "subscription_interval_count" = 1,
  "subscription_amount" = 41000 WHERE "id" = 'ph-kopi-beans';--> statement-breakpoint
UPDATE "products" SET "subscription_interval" = 'WEEK', "subscription_interval_count" = 2,
  "subscription_amount" = 22000 WHERE "id" = 'ph-dot-notebook';
