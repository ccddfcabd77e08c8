-- 1.0 → 1.1: every table gains the chain it belongs to (a 1.0 database held one chain, its
-- checkpoint's), bids get an integer ref, model names move per chain, closes keep what the 1.1
-- figures need. Closes written by 1.0 get tps NULL: the next sync reads them again (getSession),
-- re-indexing nothing.
CREATE TABLE `chains` (
	`chain_id` integer PRIMARY KEY NOT NULL,
	`contract` text NOT NULL,
	`from_block` integer NOT NULL,
	`creation_block` integer,
	`block_number` integer NOT NULL,
	`block_hash` text NOT NULL,
	`block_timestamp` integer NOT NULL,
	`position` integer,
	`target_block` integer,
	`synced_at` integer,
	`stats_block` integer,
	`stats_available` integer
);
--> statement-breakpoint
INSERT INTO `chains` (`chain_id`, `contract`, `from_block`, `creation_block`, `block_number`, `block_hash`, `block_timestamp`, `position`, `target_block`, `synced_at`, `stats_block`, `stats_available`)
  SELECT `chain_id`, `contract`, `from_block`, NULL, `block_number`, `block_hash`, `block_timestamp`, 0, `block_number`, NULL, NULL, NULL FROM `checkpoint` WHERE `id` = 1;
--> statement-breakpoint
DROP TABLE `checkpoint`;
--> statement-breakpoint
CREATE TABLE `__new_blocks` (
	`chain_id` integer NOT NULL,
	`number` integer NOT NULL,
	`hash` text NOT NULL,
	`timestamp` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `number`)
);
--> statement-breakpoint
INSERT INTO `__new_blocks` (`chain_id`, `number`, `hash`, `timestamp`)
  SELECT (SELECT `chain_id` FROM `chains`), `number`, `hash`, `timestamp` FROM `blocks`;
--> statement-breakpoint
DROP TABLE `blocks`;
--> statement-breakpoint
ALTER TABLE `__new_blocks` RENAME TO `blocks`;
--> statement-breakpoint
CREATE TABLE `model_names` (
	`chain_id` integer NOT NULL,
	`model_ref` integer NOT NULL,
	`name` text,
	`status` text DEFAULT 'unread' NOT NULL,
	PRIMARY KEY(`chain_id`, `model_ref`)
);
--> statement-breakpoint
INSERT INTO `model_names` (`chain_id`, `model_ref`, `name`, `status`)
  SELECT (SELECT `chain_id` FROM `chains`), `ref`, `name`, `name_status` FROM `models` WHERE EXISTS (SELECT 1 FROM `chains`);
--> statement-breakpoint
CREATE TABLE `__new_models` (
	`ref` integer PRIMARY KEY NOT NULL,
	`model_id` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_models` (`ref`, `model_id`) SELECT `ref`, `model_id` FROM `models`;
--> statement-breakpoint
DROP TABLE `models`;
--> statement-breakpoint
ALTER TABLE `__new_models` RENAME TO `models`;
--> statement-breakpoint
CREATE UNIQUE INDEX `models_model_id_unique` ON `models` (`model_id`);
--> statement-breakpoint
CREATE TABLE `__new_bids` (
	`ref` integer PRIMARY KEY NOT NULL,
	`chain_id` integer NOT NULL,
	`bid_id` text NOT NULL,
	`read_ok` integer NOT NULL,
	`provider_ref` integer,
	`model_ref` integer,
	`price_per_second` text
);
--> statement-breakpoint
INSERT INTO `__new_bids` (`chain_id`, `bid_id`, `read_ok`, `provider_ref`, `model_ref`, `price_per_second`)
  SELECT (SELECT `chain_id` FROM `chains`), `bid_id`, `read_ok`, `provider_ref`, `model_ref`, `price_per_second` FROM `bids` ORDER BY `bid_id`;
--> statement-breakpoint
CREATE UNIQUE INDEX `bids_chain_bid` ON `__new_bids` (`chain_id`,`bid_id`);
--> statement-breakpoint
CREATE TABLE `__new_sessions` (
	`chain_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`opened_block` integer NOT NULL,
	`opened_log_index` integer NOT NULL,
	`read_ok` integer NOT NULL,
	`bid_id` text,
	`stake` text,
	`opened_at` integer,
	`ends_at` integer,
	`close_block` integer,
	PRIMARY KEY(`chain_id`, `session_id`)
);
--> statement-breakpoint
INSERT INTO `__new_sessions` (`chain_id`, `session_id`, `opened_block`, `opened_log_index`, `read_ok`, `bid_id`, `stake`, `opened_at`, `ends_at`, `close_block`)
  SELECT (SELECT `chain_id` FROM `chains`), `session_id`, `opened_block`, `opened_log_index`, `read_ok`, `bid_id`, `stake`, `opened_at`, `ends_at`, `close_block` FROM `sessions`;
--> statement-breakpoint
CREATE TABLE `__new_closes` (
	`chain_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`block_number` integer NOT NULL,
	`log_index` integer NOT NULL,
	`kind` text NOT NULL,
	`bid_ref` integer,
	`provider_ref` integer,
	`closed_at` integer,
	`opened_at` integer,
	`ends_at` integer,
	`closeout_type` text,
	`receipt_length` integer,
	`tokens` integer DEFAULT 0 NOT NULL,
	`ttft_ms` integer DEFAULT 0 NOT NULL,
	`tps` integer,
	`day` integer GENERATED ALWAYS AS (closed_at - closed_at % 86400) VIRTUAL,
	`facts` text GENERATED ALWAYS AS (printf('%d,%d,%d,%d,%d,%d,%d,%d,%d', closed_at % 86400, tokens, ttft_ms, tps, max(0, min(closed_at, ends_at) - opened_at), closeout_type != '0', closed_at - opened_at, ifnull(bid_ref, 0), ifnull(provider_ref, 0))) VIRTUAL,
	PRIMARY KEY(`chain_id`, `session_id`)
);
--> statement-breakpoint
INSERT INTO `__new_closes` (`chain_id`, `session_id`, `block_number`, `log_index`, `kind`, `bid_ref`, `provider_ref`, `closed_at`, `opened_at`, `ends_at`, `closeout_type`, `receipt_length`, `tokens`, `ttft_ms`, `tps`)
  SELECT (SELECT `chain_id` FROM `chains`), c.`session_id`, c.`block_number`, c.`log_index`, c.`kind`,
         (SELECT b.`ref` FROM `__new_bids` b WHERE b.`bid_id` = c.`bid_id` AND b.`read_ok` = 1),
         c.`provider_ref`, c.`closed_at`, s.`opened_at`, s.`ends_at`, c.`closeout_type`, c.`receipt_length`,
         c.`tokens`, c.`ttft_ms`, CASE WHEN c.`closed_at` IS NULL THEN 0 END
  FROM `closes` c LEFT JOIN `__new_sessions` s ON s.`session_id` = c.`session_id`;
--> statement-breakpoint
DROP TABLE `closes`;
--> statement-breakpoint
ALTER TABLE `__new_closes` RENAME TO `closes`;
--> statement-breakpoint
DROP TABLE `sessions`;
--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;
--> statement-breakpoint
DROP TABLE `bids`;
--> statement-breakpoint
ALTER TABLE `__new_bids` RENAME TO `bids`;
--> statement-breakpoint
CREATE INDEX `closes_block` ON `closes` (`chain_id`,`block_number`);
--> statement-breakpoint
CREATE INDEX `closes_kind` ON `closes` (`chain_id`,`kind`,`receipt_length`);
--> statement-breakpoint
CREATE INDEX `closes_facts` ON `closes` (`day`,`chain_id`,`facts`) WHERE closed_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `closes_refill` ON `closes` (`chain_id`) WHERE tps IS NULL AND closed_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `closes_bid` ON `closes` (`bid_ref`) WHERE bid_ref IS NOT NULL AND closed_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `closes_log_provider` ON `closes` (`chain_id`,`provider_ref`) WHERE bid_ref IS NULL AND provider_ref IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sessions_opened_block` ON `sessions` (`chain_id`,`opened_block`);
--> statement-breakpoint
CREATE INDEX `sessions_close_block` ON `sessions` (`chain_id`,`close_block`) WHERE close_block IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sessions_open_by_end` ON `sessions` (`chain_id`,`ends_at`) WHERE close_block IS NULL;
--> statement-breakpoint
CREATE INDEX `sessions_unreadable` ON `sessions` (`chain_id`) WHERE read_ok = 0;
--> statement-breakpoint
CREATE TABLE `__new_anomalies` (
	`chain_id` integer NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`block_number` integer NOT NULL,
	`detail` text,
	PRIMARY KEY(`chain_id`, `kind`, `key`)
);
--> statement-breakpoint
INSERT INTO `__new_anomalies` (`chain_id`, `kind`, `key`, `block_number`, `detail`)
  SELECT (SELECT `chain_id` FROM `chains`), `kind`, `key`, `block_number`, `detail` FROM `anomalies`;
--> statement-breakpoint
DROP TABLE `anomalies`;
--> statement-breakpoint
ALTER TABLE `__new_anomalies` RENAME TO `anomalies`;
--> statement-breakpoint
CREATE INDEX `anomalies_block` ON `anomalies` (`chain_id`,`block_number`);
--> statement-breakpoint
CREATE TABLE `pair_stats` (
	`chain_id` integer NOT NULL,
	`model_ref` integer NOT NULL,
	`provider_ref` integer NOT NULL,
	`total_count` integer NOT NULL,
	`success_count` integer NOT NULL,
	`total_duration` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `model_ref`, `provider_ref`)
);
