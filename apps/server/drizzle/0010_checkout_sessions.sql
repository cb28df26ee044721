ALTER TABLE "payment_methods" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_provider_session_id_unique" UNIQUE("provider_session_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_session_id_unique" UNIQUE("provider_session_id");