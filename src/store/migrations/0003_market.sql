-- 1.1 → 1.2: the market. Bids gain getBid's createdAt and deletedAt (null until the next sync reads
-- them again) and the block of their MarketplaceBidPosted log; MarketplaceBidDeleted logs are kept
-- by bid; chains gain the time before their first block and the state of the one-time bid log scan.
CREATE TABLE `bid_deletions` (
	`chain_id` integer NOT NULL,
	`bid_id` text NOT NULL,
	`block_number` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `bid_id`)
);
--> statement-breakpoint
CREATE INDEX `bid_deletions_block` ON `bid_deletions` (`chain_id`,`block_number`);--> statement-breakpoint
ALTER TABLE `bids` ADD `created_at` integer;--> statement-breakpoint
ALTER TABLE `bids` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `bids` ADD `posted_block` integer;--> statement-breakpoint
ALTER TABLE `chains` ADD `from_parent_time` integer;--> statement-breakpoint
ALTER TABLE `chains` ADD `bid_scan_next` integer;--> statement-breakpoint
ALTER TABLE `chains` ADD `bid_scan_end` integer;--> statement-breakpoint
-- A chain indexed before 1.2 holds no bid log: the next sync scans its synced range once for them
-- (bid logs only, no session read), from its first block to the checkpoint it had.
UPDATE `chains` SET `bid_scan_next` = `from_block`, `bid_scan_end` = `block_number` WHERE `block_number` >= `from_block`;
