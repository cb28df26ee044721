ALTER TABLE "payment_lines" ADD COLUMN "product_category" text DEFAULT 'General' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" text DEFAULT 'General' NOT NULL;