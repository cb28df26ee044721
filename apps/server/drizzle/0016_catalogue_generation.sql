-- Each store instance prices a payment create from its copy of the apps, products and active
-- vouchers (apps/server/src/payments/order-catalogue.ts), dropped when a change is announced on
-- catalogue_changed (0012, 0014). The announcement arrives a few milliseconds after the change
-- commits, and a create in that window was priced from the old copy: an old price, a voucher just
-- withdrawn. So every change to those tables also moves this one counter, in its own transaction;
-- a copy keeps the counter it was read at, and the create's insert writes nothing unless the
-- counter has not moved since (create-statements.ts), in which case the create is priced again
-- from the tables. One row, moved once per statement; a create only reads it.
CREATE TABLE "catalogue_generation" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "generation" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "catalogue_generation" DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION "store_next_catalogue_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_generation" SET "generation" = "generation" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "apps_catalogue_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "apps"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_next_catalogue_generation"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_next_catalogue_generation"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_catalogue_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vouchers"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_next_catalogue_generation"();
