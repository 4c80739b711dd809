CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "data_key_check" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"mac" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_key_check_single_row_check" CHECK ("data_key_check"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_start_idx" ON "rate_limit_counters" USING btree ("window_start");