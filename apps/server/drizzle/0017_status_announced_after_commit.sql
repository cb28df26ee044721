-- A statement may announce its status changes itself, once its transaction has committed
-- (apps/server/src/statuses/status-announcements.ts): PostgreSQL serialises every commit that
-- notified, through its flush to disk, so the one change every payment create makes (the
-- provider's answer) is announced after its commit instead. Such a statement sets
-- store.announced_after_commit for its transaction; these functions then notify nothing.
-- Every other change is announced here, as before.
CREATE OR REPLACE FUNCTION "store_notify_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('store.announced_after_commit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('store_status', json_build_object(
    'app_id', NEW.app_id, 'customer_id', NEW.customer_id, 'kind', TG_ARGV[0], 'id', NEW.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "store_notify_line_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('store.announced_after_commit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('store_status', json_build_object(
    'app_id', p.app_id, 'customer_id', p.customer_id, 'kind', 'order_line', 'id', NEW.id,
    'payment_id', NEW.payment_id)::text)
  FROM payments p WHERE p.id = NEW.payment_id;
  RETURN NULL;
END $$;
