CREATE TABLE "card_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"provider_session_id" text,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"payment_id" text,
	"payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_sessions_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"provider_refund_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"previous_payment_status" text NOT NULL,
	"previous_line_statuses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "card_sessions" ADD CONSTRAINT "card_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_sessions_customer" ON "card_sessions" USING btree ("app_id","customer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment" ON "refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_idempotency" ON "payment_methods" USING btree ("app_id","customer_id","idempotency_key");