import { onchainTable } from "ponder";

// What the peer keeps: the same facts mor-throughput keeps (no user address).
export const session = onchainTable("session", (t) => ({
  id: t.hex().primaryKey(),
  bidId: t.hex().notNull(),
  provider: t.hex().notNull(),
  modelId: t.hex().notNull(),
  stake: t.bigint().notNull(),
  openedAt: t.integer().notNull(),
  endsAt: t.integer().notNull(),
  openedBlock: t.integer().notNull(),
}));

export const close = onchainTable("close", (t) => ({
  id: t.hex().primaryKey(),
  closedAt: t.integer().notNull(),
  closeoutType: t.bigint().notNull(),
  receipt: t.hex().notNull(),
  tokens: t.integer().notNull(),
  ttftMs: t.integer().notNull(),
  provider: t.hex().notNull(),
  modelId: t.hex().notNull(),
  blockNumber: t.integer().notNull(),
}));

export const bid = onchainTable("bid", (t) => ({
  id: t.hex().primaryKey(),
  provider: t.hex().notNull(),
  modelId: t.hex().notNull(),
  pricePerSecond: t.bigint().notNull(),
}));

export const model = onchainTable("model", (t) => ({
  id: t.hex().primaryKey(),
  name: t.text().notNull(),
}));
