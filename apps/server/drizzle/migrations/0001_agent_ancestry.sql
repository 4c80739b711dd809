-- pg_trgm backs the "contains" and "ends with" filters of the lists (trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "agent_ancestry" (
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	CONSTRAINT "agent_ancestry_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id"),
	CONSTRAINT "agent_ancestry_depth_check" CHECK ("agent_ancestry"."depth" between 0 and 5)
);
--> statement-breakpoint
DROP INDEX "agents_created_at_idx";--> statement-breakpoint
ALTER TABLE "agent_ancestry" ADD CONSTRAINT "agent_ancestry_ancestor_id_agents_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_ancestry" ADD CONSTRAINT "agent_ancestry_descendant_id_agents_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_ancestry_descendant_idx" ON "agent_ancestry" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE INDEX "accounts_mobile_phone_trgm_idx" ON "accounts" USING gin ("mobile_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agents_created_at_id_idx" ON "agents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "agents_agent_name_trgm_idx" ON "agents" USING gin ("agent_name" gin_trgm_ops);--> statement-breakpoint
-- Every existing agent with itself and each of its ancestors.
WITH RECURSIVE chain(ancestor_id, descendant_id, depth) AS (
	SELECT "id", "id", 0 FROM "agents"
	UNION ALL
	SELECT a."parent_id", c.descendant_id, c.depth + 1 FROM chain c JOIN "agents" a ON a."id" = c.ancestor_id WHERE a."parent_id" IS NOT NULL
)
INSERT INTO "agent_ancestry" ("ancestor_id", "descendant_id", "depth") SELECT ancestor_id, descendant_id, depth FROM chain;