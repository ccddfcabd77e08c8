-- The contract's code changes (DiamondCut) the index went past, for meta.json, and where each
-- sync started with the head it saw: after an upgrade the index cannot read, what was read through
-- the new code is rolled back (sync/reviewCuts.ts).
CREATE TABLE `sync_runs` (
	`chain_id` integer NOT NULL,
	`first_block` integer NOT NULL,
	`head` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `first_block`)
);
--> statement-breakpoint
CREATE TABLE `upgrades` (
	`chain_id` integer NOT NULL,
	`block_number` integer NOT NULL,
	`log_index` integer NOT NULL,
	`block_timestamp` integer NOT NULL,
	`status` text NOT NULL,
	`added` text NOT NULL,
	`replaced` text NOT NULL,
	`removed` text NOT NULL,
	`compared` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `block_number`, `log_index`)
);
