DROP INDEX "ledger_entries_created_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at","id","agent_id");