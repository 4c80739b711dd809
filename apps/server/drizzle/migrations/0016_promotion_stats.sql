CREATE TABLE "channel_stats" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"user_count" integer NOT NULL,
	"order_count" integer NOT NULL,
	"paid_amount_fen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "net_bar_day_stats" (
	"net_bar_id" integer NOT NULL,
	"day" date NOT NULL,
	"terminal_type" smallint NOT NULL,
	"user_count" integer NOT NULL,
	"order_count" integer NOT NULL,
	"paid_amount_fen" bigint NOT NULL,
	CONSTRAINT "net_bar_day_stats_net_bar_id_day_terminal_type_pk" PRIMARY KEY("net_bar_id","day","terminal_type")
);
--> statement-breakpoint
CREATE INDEX "net_bar_day_stats_day_idx" ON "net_bar_day_stats" USING btree ("day");