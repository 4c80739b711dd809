CREATE TABLE "order_day_stats" (
	"day" date NOT NULL,
	"agent_id" integer NOT NULL,
	"net_bar_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"chain_l1" integer,
	"chain_l2" integer,
	"chain_l3" integer,
	"chain_l4" integer,
	"chain_l5" integer,
	"order_count" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"price_increase_fen" bigint NOT NULL,
	CONSTRAINT "order_day_stats_day_agent_id_net_bar_id_channel_id_status_pk" PRIMARY KEY("day","agent_id","net_bar_id","channel_id","status"),
	CONSTRAINT "order_day_stats_count_check" CHECK ("order_day_stats"."order_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "order_day_stats_l1_idx" ON "order_day_stats" USING btree ("chain_l1","day") WHERE "order_day_stats"."chain_l1" is not null;--> statement-breakpoint
CREATE INDEX "order_day_stats_l2_idx" ON "order_day_stats" USING btree ("chain_l2","day") WHERE "order_day_stats"."chain_l2" is not null;--> statement-breakpoint
CREATE INDEX "order_day_stats_l3_idx" ON "order_day_stats" USING btree ("chain_l3","day") WHERE "order_day_stats"."chain_l3" is not null;--> statement-breakpoint
CREATE INDEX "order_day_stats_l4_idx" ON "order_day_stats" USING btree ("chain_l4","day") WHERE "order_day_stats"."chain_l4" is not null;--> statement-breakpoint
CREATE INDEX "order_day_stats_l5_idx" ON "order_day_stats" USING btree ("chain_l5","day") WHERE "order_day_stats"."chain_l5" is not null;