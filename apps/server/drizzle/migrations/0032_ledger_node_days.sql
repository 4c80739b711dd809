CREATE TABLE "ledger_node_days" (
	"node_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"entry_count" integer NOT NULL,
	"available_fen" bigint NOT NULL,
	"frozen_fen" bigint NOT NULL,
	"available_in_fen" bigint NOT NULL,
	"available_out_fen" bigint NOT NULL,
	CONSTRAINT "ledger_node_days_node_id_day_kind_pk" PRIMARY KEY("node_id","day","kind")
);
