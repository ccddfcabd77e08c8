-- What a chain's syncs learned of each endpoint (its log range size, its batch cap), by a hash of
-- the endpoint's URL: before, one range size and one batch cap per chain applied to any endpoint.
-- The per-chain values move to a row of endpoint '' (its endpoint unknown): the next run of a chain
-- with one endpoint starts there, as it did, and the run's end replaces it by that endpoint's row.
CREATE TABLE `endpoint_limits` (
	`chain_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`range_size` integer,
	`batch_cap` integer,
	PRIMARY KEY(`chain_id`, `endpoint`)
);
--> statement-breakpoint
INSERT INTO `endpoint_limits` (`chain_id`, `endpoint`, `range_size`, `batch_cap`)
	SELECT `chain_id`, '', `range_size`, `batch_cap` FROM `chains`
	WHERE `range_size` IS NOT NULL OR `batch_cap` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `chains` DROP COLUMN `range_size`;--> statement-breakpoint
ALTER TABLE `chains` DROP COLUMN `batch_cap`;
