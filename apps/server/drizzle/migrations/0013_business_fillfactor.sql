-- Room on each page for the rows ingestion updates, so their new versions stay on the page (HOT
-- updates: no index entry written). A player's order count and spent amount move with every batch
-- that brings one of its orders (none of those columns is indexed); an order's status and times
-- move as its status changes arrive. Applies to the pages written from now on.
ALTER TABLE players SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE orders SET (fillfactor = 90);
