-- SPEC.md 1.3. The router's inputs on each chain at a block (read again every run whose last synced block moved).
CREATE TABLE `router_bids` (
	`chain_id` integer NOT NULL,
	`model_id` text NOT NULL,
	`position` integer NOT NULL,
	`bid_id` text NOT NULL,
	`provider` text NOT NULL,
	`price_per_second` text NOT NULL,
	`tps_mean` text NOT NULL,
	`tps_sq_sum` text NOT NULL,
	`ttft_mean` text NOT NULL,
	`ttft_sq_sum` text NOT NULL,
	`total_duration` integer NOT NULL,
	`success_count` integer NOT NULL,
	`total_count` integer NOT NULL,
	`stake` text NOT NULL,
	PRIMARY KEY(`chain_id`, `model_id`, `position`)
);
--> statement-breakpoint
CREATE TABLE `router_models` (
	`chain_id` integer NOT NULL,
	`model_id` text NOT NULL,
	`tps_mean` text NOT NULL,
	`tps_sq_sum` text NOT NULL,
	`ttft_mean` text NOT NULL,
	`ttft_sq_sum` text NOT NULL,
	`duration_mean` text NOT NULL,
	`duration_sq_sum` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `model_id`)
);
--> statement-breakpoint
CREATE TABLE `router_reads` (
	`chain_id` integer PRIMARY KEY NOT NULL,
	`block_number` integer NOT NULL,
	`at_latest` integer NOT NULL,
	`available` integer NOT NULL,
	`minimum_stake` text
);
--> statement-breakpoint
-- SPEC.md 1.3. Which closes' tokens `tokens` counts (signed v2 receipts whose token words both fit uint32), and the
-- facts the build reads with it (bit 1 of their flags field, beside bit 0: disputed). A close stored before this is
-- counted when it is v2 and was not noted as holding oversize token words. SQLite changes a generated column by
-- dropping and adding it, its index first.
DROP INDEX IF EXISTS `closes_facts`;--> statement-breakpoint
ALTER TABLE `closes` DROP COLUMN `facts`;--> statement-breakpoint
ALTER TABLE `closes` ADD `token_counted` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `closes` SET `token_counted` = 1 WHERE `kind` = 'v2' AND NOT EXISTS (SELECT 1 FROM `anomalies` a WHERE a.`chain_id` = `closes`.`chain_id` AND a.`kind` = 'oversize-token-counts' AND a.`key` = `closes`.`session_id`);--> statement-breakpoint
ALTER TABLE `closes` ADD `facts` text GENERATED ALWAYS AS (printf('%d,%d,%d,%d,%d,%d,%d,%d,%d', closed_at % 86400, tokens, ttft_ms, tps, max(0, min(closed_at, ends_at) - opened_at), (closeout_type != '0') + 2 * token_counted, closed_at - opened_at, ifnull(bid_ref, 0), ifnull(provider_ref, 0))) VIRTUAL;--> statement-breakpoint
CREATE INDEX `closes_facts` ON `closes` (`day`,`chain_id`,`facts`) WHERE closed_at IS NOT NULL;--> statement-breakpoint
-- Each bid's nonce (getBid), null until the next sync reads the bids of an older database again: a repricing deletes the bid of nonce - 1.
ALTER TABLE `bids` ADD `nonce` text;
