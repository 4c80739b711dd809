CREATE TABLE "ledger_income_days" (
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"income_fen" bigint NOT NULL,
	"income_to_date_fen" bigint NOT NULL,
	CONSTRAINT "ledger_income_days_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
CREATE TABLE "ledger_income_opened_days" (
	"day" date PRIMARY KEY NOT NULL,
	"opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_income_days_day_idx" ON "ledger_income_days" USING btree ("day","agent_id","income_to_date_fen");