-- The calls per aggregate3 an endpoint took, when a sync learned that it refuses as many as asked: the next sync starts there.
ALTER TABLE `endpoint_limits` ADD `call_cap` integer;