-- An unlink claims its method for as long as it ends the subscriptions the method pays and cancels
-- its token: a subscribe that reads the method meanwhile is refused, so no plan starts on a token
-- the store is cancelling. A claim older than its lease (an instance that died mid-unlink) lapses.
ALTER TABLE "payment_methods" ADD COLUMN "unlinking_since" timestamp with time zone;
