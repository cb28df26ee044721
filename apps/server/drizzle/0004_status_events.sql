-- The live-status feed (apps/server/src/events): every status a row takes is announced on the
-- store_status channel, whatever code path wrote it, so each store instance LISTENing hears a
-- webhook that reached another. The payload carries ids only, never amounts or provider data.
-- Row triggers with a WHEN clause: an update that leaves the status alone never calls the function.
-- A payment is not announced as it is inserted (CREATING): the same create moves it on at once,
-- and that change is announced; the reconciler moves on one whose create was cut short.
CREATE FUNCTION "store_notify_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_status', json_build_object(
    'app_id', NEW.app_id, 'customer_id', NEW.customer_id, 'kind', TG_ARGV[0], 'id', NEW.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "store_notify_line_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_status', json_build_object(
    'app_id', p.app_id, 'customer_id', p.customer_id, 'kind', 'order_line', 'id', NEW.id,
    'payment_id', NEW.payment_id)::text)
  FROM payments p WHERE p.id = NEW.payment_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_status_updated" AFTER UPDATE OF "status" ON "payments"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "store_notify_status"('payment');--> statement-breakpoint
CREATE TRIGGER "refunds_status_inserted" AFTER INSERT ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "store_notify_status"('refund');--> statement-breakpoint
CREATE TRIGGER "refunds_status_updated" AFTER UPDATE OF "status" ON "refunds"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "store_notify_status"('refund');--> statement-breakpoint
CREATE TRIGGER "payment_methods_status_inserted" AFTER INSERT ON "payment_methods"
  FOR EACH ROW EXECUTE FUNCTION "store_notify_status"('payment_method');--> statement-breakpoint
CREATE TRIGGER "payment_methods_status_updated" AFTER UPDATE OF "status" ON "payment_methods"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "store_notify_status"('payment_method');--> statement-breakpoint
CREATE TRIGGER "payment_lines_status_updated" AFTER UPDATE OF "status" ON "payment_lines"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "store_notify_line_status"();
