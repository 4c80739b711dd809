CREATE TABLE "ledger_agent_day_stats" (
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"entry_count" integer NOT NULL,
	"available_fen" bigint NOT NULL,
	"frozen_fen" bigint NOT NULL,
	"income_fen" bigint NOT NULL,
	"expense_fen" bigint NOT NULL,
	CONSTRAINT "ledger_agent_day_stats_agent_id_day_kind_pk" PRIMARY KEY("agent_id","day","kind")
);
--> statement-breakpoint
CREATE INDEX "ledger_agent_day_stats_day_idx" ON "ledger_agent_day_stats" USING btree ("day","agent_id");