DROP INDEX "agents_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "agents_active_created_at_id_idx" ON "agents" USING btree ("created_at","id") WHERE "agents"."status" = 'active';--> statement-breakpoint
CREATE INDEX "agents_active_id_list_idx" ON "agents" USING btree ("id","created_at","agent_level","agent_name") WHERE "agents"."status" = 'active';