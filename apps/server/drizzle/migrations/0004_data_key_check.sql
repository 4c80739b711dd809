CREATE TABLE "data_key_check" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"mac" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_key_check_single_row_check" CHECK ("data_key_check"."id" = 1)
);
