-- The log range size a chain's last sync ended with: the next sync of that chain starts there.
ALTER TABLE `chains` ADD `range_size` integer;
