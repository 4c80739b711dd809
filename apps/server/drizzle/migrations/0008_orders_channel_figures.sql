DROP INDEX "orders_channel_id_idx";--> statement-breakpoint
CREATE INDEX "orders_channel_id_idx" ON "orders" USING btree ("channel_id","created_at","status","amount_fen");