-- The budget of creates (apps/server/src/http/create-budget.ts): the seconds a customer must wait
-- before another create, 0 when they may create now (or when the limit is 0: no limit). Every
-- create counts, whatever it creates: payments (not a subscription cycle's charge, keyed
-- `cycle:…`, which the provider makes), payment methods (not one saved while paying: that is its
-- payment's), refunds and subscriptions. An exact sliding window of one minute, read newest first
-- on each table's customer index, the wait being until the oldest create that counts leaves it.
--
-- `in_turn` first takes the customer's lock for the rest of the transaction and then counts: the
-- one way in which creates that race each other, on any path and in any instance sharing the
-- database, pass the budget no more than one at a time would. A function of its own because a
-- count in the statement that writes would read the statement's snapshot, taken before the lock
-- was granted; a VOLATILE function's query takes its own, and so sees the create that held the
-- lock, committed. Until this, the payment create's checked insert counted without the lock, and
-- a payment racing another create of its customer could pass a budget by one per instance.
CREATE FUNCTION "store_create_wait_seconds"(
  for_app text, for_customer text, create_limit integer, in_turn boolean
) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  wait integer;
BEGIN
  IF create_limit = 0 THEN
    RETURN 0;
  END IF;
  IF in_turn THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('create:' || for_customer, 0));
  END IF;
  SELECT CASE WHEN count(*) >= create_limit
      THEN greatest(1, ceil(extract(epoch FROM min(at) + interval '1 minute' - now())))::integer
      ELSE 0 END
    INTO wait
    FROM (
      SELECT at FROM (
        (SELECT "created_at" AS at FROM "payments"
          WHERE "app_id" = for_app AND "customer_id" = for_customer
            AND "created_at" > now() - interval '1 minute' AND "idempotency_key" NOT LIKE 'cycle:%'
          ORDER BY "created_at" DESC LIMIT create_limit)
        UNION ALL
        (SELECT "created_at" FROM "payment_methods"
          WHERE "app_id" = for_app AND "customer_id" = for_customer
            AND "created_at" > now() - interval '1 minute' AND "payment_id" IS NULL
          ORDER BY "created_at" DESC LIMIT create_limit)
        UNION ALL
        (SELECT "created_at" FROM "refunds"
          WHERE "app_id" = for_app AND "customer_id" = for_customer
            AND "created_at" > now() - interval '1 minute'
          ORDER BY "created_at" DESC LIMIT create_limit)
        UNION ALL
        (SELECT "created_at" FROM "subscriptions"
          WHERE "app_id" = for_app AND "customer_id" = for_customer
            AND "created_at" > now() - interval '1 minute'
          ORDER BY "created_at" DESC LIMIT create_limit)
      ) AS creates
      ORDER BY at DESC LIMIT create_limit
    ) AS counted;
  RETURN wait;
END $$;
