CREATE TABLE "order_node_day_stats" (
	"node_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" smallint NOT NULL,
	"order_count" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"price_increase_fen" bigint NOT NULL,
	CONSTRAINT "order_node_day_stats_node_id_day_status_pk" PRIMARY KEY("node_id","day","status")
);
--> statement-breakpoint
CREATE INDEX "order_node_day_stats_day_idx" ON "order_node_day_stats" USING btree ("day");