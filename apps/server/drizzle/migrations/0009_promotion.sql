CREATE TABLE "web_promotion_configs" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"domain" varchar(253) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_channel_id_idx";--> statement-breakpoint
ALTER TABLE "web_promotion_configs" ADD CONSTRAINT "web_promotion_configs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_channel_id_idx" ON "orders" USING btree ("channel_id","created_at","status","amount_fen");