CREATE TABLE `anomalies` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`block_number` integer NOT NULL,
	`detail` text,
	PRIMARY KEY(`kind`, `key`)
);
--> statement-breakpoint
CREATE INDEX `anomalies_block` ON `anomalies` (`block_number`);--> statement-breakpoint
CREATE TABLE `bids` (
	`bid_id` text PRIMARY KEY NOT NULL,
	`read_ok` integer NOT NULL,
	`provider_ref` integer,
	`model_ref` integer,
	`price_per_second` text
);
--> statement-breakpoint
CREATE TABLE `blocks` (
	`number` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`timestamp` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `checkpoint` (
	`id` integer PRIMARY KEY NOT NULL,
	`chain_id` integer NOT NULL,
	`contract` text NOT NULL,
	`from_block` integer NOT NULL,
	`block_number` integer NOT NULL,
	`block_hash` text NOT NULL,
	`block_timestamp` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `closes` (
	`session_id` text PRIMARY KEY NOT NULL,
	`block_number` integer NOT NULL,
	`log_index` integer NOT NULL,
	`kind` text NOT NULL,
	`bid_id` text,
	`closed_at` integer,
	`day` integer,
	`month` integer,
	`closeout_type` text,
	`receipt_length` integer,
	`tokens` integer DEFAULT 0 NOT NULL,
	`ttft_ms` integer DEFAULT 0 NOT NULL,
	`model_ref` integer,
	`provider_ref` integer
);
--> statement-breakpoint
CREATE INDEX `closes_block` ON `closes` (`block_number`);--> statement-breakpoint
CREATE INDEX `closes_kind` ON `closes` (`kind`);--> statement-breakpoint
CREATE INDEX `closes_malformed` ON `closes` (`kind`,`receipt_length`) WHERE kind = 'malformed';--> statement-breakpoint
CREATE INDEX `closes_day` ON `closes` (`day`,`ttft_ms`,`tokens`,`closed_at`) WHERE day IS NOT NULL;--> statement-breakpoint
CREATE INDEX `closes_month_ttft` ON `closes` (`month`,`ttft_ms`) WHERE ttft_ms > 0;--> statement-breakpoint
CREATE INDEX `closes_ttft` ON `closes` (`ttft_ms`) WHERE ttft_ms > 0;--> statement-breakpoint
CREATE INDEX `closes_model` ON `closes` (`model_ref`,`day`,`ttft_ms`,`tokens`) WHERE day IS NOT NULL;--> statement-breakpoint
CREATE INDEX `closes_provider` ON `closes` (`provider_ref`,`day`,`ttft_ms`,`tokens`) WHERE day IS NOT NULL;--> statement-breakpoint
CREATE TABLE `models` (
	`ref` integer PRIMARY KEY NOT NULL,
	`model_id` text NOT NULL,
	`name` text,
	`name_status` text DEFAULT 'unread' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `models_model_id_unique` ON `models` (`model_id`);--> statement-breakpoint
CREATE TABLE `providers` (
	`ref` integer PRIMARY KEY NOT NULL,
	`address` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `providers_address_unique` ON `providers` (`address`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`opened_block` integer NOT NULL,
	`opened_log_index` integer NOT NULL,
	`read_ok` integer NOT NULL,
	`bid_id` text,
	`stake` text,
	`opened_at` integer,
	`ends_at` integer,
	`close_block` integer
);
--> statement-breakpoint
CREATE INDEX `sessions_opened_block` ON `sessions` (`opened_block`);--> statement-breakpoint
CREATE INDEX `sessions_close_block` ON `sessions` (`close_block`) WHERE close_block IS NOT NULL;--> statement-breakpoint
CREATE INDEX `sessions_open_by_end` ON `sessions` (`ends_at`) WHERE close_block IS NULL;--> statement-breakpoint
CREATE INDEX `sessions_unreadable` ON `sessions` (`read_ok`) WHERE read_ok = 0;