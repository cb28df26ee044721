CREATE TABLE "apps" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"xendit_secret_key" text,
	"xendit_public_key" text,
	"xendit_callback_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"identity_issuer" text NOT NULL,
	"identity_subject" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"mobile_number" text,
	"provider_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text NOT NULL,
	"product_image_path" text NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"refund_id" text
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"provider_token_id" text,
	"channel_code" text NOT NULL,
	"country" text NOT NULL,
	"reference_id" text NOT NULL,
	"status" text NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_provider_token_id_unique" UNIQUE("provider_token_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"provider_request_id" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"type" text NOT NULL,
	"channel_code" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"voucher_id" text,
	"voucher_code" text,
	"voucher_amount" bigint,
	"status" text NOT NULL,
	"failure_code" text,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channel_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_method_id" text,
	"provider_token_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_request_id_unique" UNIQUE("provider_request_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_path" text NOT NULL,
	"price_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"payment_id" text,
	"payment_method_id" text,
	"refund_id" text,
	"exchange" jsonb,
	"event" text,
	"data" jsonb,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_operations_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"payment_method_type" text,
	"fixed_amount" bigint NOT NULL,
	"active" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_identity" ON "customers" USING btree ("app_id","identity_issuer","identity_subject");--> statement-breakpoint
CREATE INDEX "payment_lines_payment" ON "payment_lines" USING btree ("payment_id","position");--> statement-breakpoint
CREATE INDEX "payment_methods_customer" ON "payment_methods" USING btree ("app_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency" ON "payments" USING btree ("app_id","customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_customer_created" ON "payments" USING btree ("app_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_app_position" ON "products" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "provider_operations_payment" ON "provider_operations" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_operations_payment_method" ON "provider_operations" USING btree ("payment_method_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_app_code" ON "vouchers" USING btree ("app_id",upper("code"));