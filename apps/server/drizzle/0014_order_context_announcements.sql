-- Each store instance also keeps the apps and their active vouchers for the payment create
-- (apps/server/src/payments/order-catalogue.ts), so a change to either is announced on the
-- catalogue_changed channel too, as the products' are (0012): every instance drops its copies at once.
CREATE TRIGGER "apps_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "apps"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vouchers"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_notify_catalogue_changed"();
