-- The calls per JSON-RPC batch a chain's endpoint took, when its last sync learned a cap: the next sync starts there.
ALTER TABLE `chains` ADD `batch_cap` integer;