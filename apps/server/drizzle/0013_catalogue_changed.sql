-- Each store instance keeps every app's catalogue serialised (apps/server/src/catalog): any change
-- to the products is announced on the catalogue_changed channel, whatever wrote it, so each
-- instance LISTENing drops its copies at once. One announcement per statement, not per row.
CREATE FUNCTION "store_notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_notify_catalogue_changed"();
