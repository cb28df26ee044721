-- A read of a payment method may ask the provider for news, at most once per interval across every
-- store instance: the claim is an update of this column (the database's clock), as payments do
-- with theirs (0003), instead of a rate-limit row per method.
ALTER TABLE "payment_methods" ADD COLUMN "provider_read_at" timestamp with time zone;
