-- When each sync started and last wrote what it read, and the lowest block it wrote: after an upgrade
-- the index cannot read, everything a run wrote after the cut was mined is rolled back
-- (sync/firstBlockReadThrough.ts). Null for the runs recorded before.
ALTER TABLE `sync_runs` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `wrote_at` integer;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `low_block` integer;
