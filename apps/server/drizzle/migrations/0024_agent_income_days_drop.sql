ALTER TABLE "agent_income_days" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "agent_income_days" CASCADE;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at","id");