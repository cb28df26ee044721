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
--> statement-breakpoint
-- Each instance trusts a session it has checked for a short while (apps/server/src/auth): a
-- sign-out, or a sign-out everywhere, is announced on the sessions_revoked channel, so every
-- instance forgets that session (or all of the customer's) at once, not only the one that took it.
CREATE FUNCTION "store_notify_session_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_revoked', json_build_object('session_id', NEW.session_id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "store_notify_customer_sessions_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_revoked',
    json_build_object('app_id', NEW.app_id, 'customer_id', NEW.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "revoked_sessions_inserted" AFTER INSERT ON "revoked_sessions"
  FOR EACH ROW EXECUTE FUNCTION "store_notify_session_revoked"();--> statement-breakpoint
CREATE TRIGGER "customers_sessions_revoked" AFTER UPDATE OF "sessions_revoked_at" ON "customers"
  FOR EACH ROW WHEN (OLD.sessions_revoked_at IS DISTINCT FROM NEW.sessions_revoked_at)
  EXECUTE FUNCTION "store_notify_customer_sessions_revoked"();
