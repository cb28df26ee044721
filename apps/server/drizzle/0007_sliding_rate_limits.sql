DROP TABLE "rate_limit_counters" CASCADE;--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" double precision[] DEFAULT '{}' NOT NULL,
	"last_hit_at" timestamp with time zone DEFAULT now() NOT NULL
);
