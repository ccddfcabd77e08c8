/**
 * A table's row (drizzle's `$inferSelect`, types only) as better-sqlite3 returns it from raw SQL:
 * booleans as the integers 0 and 1 (SQLite has no boolean type; drizzle's boolean mode converts
 * them only in its own queries).
 */
export type StoredRow<Row> = { [Column in keyof Row]: BooleanAsInteger<Row[Column]> };

type BooleanAsInteger<Value> = Value extends boolean ? number : Value;
