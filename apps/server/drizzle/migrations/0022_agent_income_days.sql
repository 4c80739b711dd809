CREATE TABLE "agent_income_days" (
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"income_fen" bigint NOT NULL,
	CONSTRAINT "agent_income_days_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
