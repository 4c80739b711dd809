ALTER TABLE "device_active_days" DROP CONSTRAINT "device_active_days_agent_id_agents_id_fk";
--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_game_id_games_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_net_bar_id_net_bars_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_channel_id_channels_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_agent_id_agents_id_fk";
--> statement-breakpoint
ALTER TABLE "players" DROP CONSTRAINT "players_channel_id_channels_id_fk";
--> statement-breakpoint
ALTER TABLE "players" DROP CONSTRAINT "players_net_bar_id_net_bars_id_fk";
--> statement-breakpoint
ALTER TABLE "players" DROP CONSTRAINT "players_agent_id_agents_id_fk";
--> statement-breakpoint
DROP INDEX "ingest_events_received_at_idx";--> statement-breakpoint
ALTER TABLE "ingest_events" ALTER COLUMN "payload" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest_events" ADD CONSTRAINT "ingest_events_payload_check" CHECK ("ingest_events"."state" = 'applied' or "ingest_events"."payload" is not null);