-- The log range size a chain's last sync ended with (the next sync of that chain starts there), and
-- an index of the closes filed under their log's provider (no readable bid), for meta.json's count
-- of providers without a scan of every close.
ALTER TABLE `chains` ADD `range_size` integer;--> statement-breakpoint
CREATE INDEX `closes_without_bid` ON `closes` (`chain_id`,`provider_ref`) WHERE bid_ref IS NULL AND provider_ref IS NOT NULL;
