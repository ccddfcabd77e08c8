import type { Statement } from "better-sqlite3";
import type { Store } from "./openStore.js";

/** A bucket's sums before formatting: tokens exact (bigint), ttftCount = receipts with a TTFT. */
export type Totals = { tokens: bigint; sessions: number; ttftCount: number };
export type BucketTotals = Totals & { ts: number };
export type KeyedBucketTotals = BucketTotals & { ref: number };

/** The set of closed sessions a median is taken over. */
export type MedianScope =
  | { kind: "hour"; hour: number }
  | { kind: "day"; day: number }
  | { kind: "month"; month: number }
  | { kind: "window"; after: number; upTo: number }
  | { kind: "all" }
  | { kind: "model-day"; ref: number; day: number }
  | { kind: "provider-day"; ref: number; day: number };

export type StuckRow = {
  sessionId: string;
  openedAt: number;
  endsAt: number;
  stake: string | null;
  provider: string | null;
  modelId: string | null;
};

export type RollupQueries = ReturnType<typeof createRollupQueries>;

const totalsColumns = "SUM(tokens) AS tokens, COUNT(*) AS sessions, SUM(ttft_ms > 0) AS ttftCount";

/**
 * The aggregate queries of the rollup stage. SQLite does the grouping; every query runs on a
 * covering index (INDEXED BY pins the plan), so a build reads indexes, not rows. Medians are
 * read with ORDER BY ttft_ms LIMIT 1 OFFSET rank - 1 over an index ordered by ttft_ms.
 */
export function createRollupQueries({ sqlite }: Store) {
  const prepare = (source: string) => sqlite.prepare(source).safeIntegers(true);
  const statements = {
    earliest: prepare(
      `SELECT MIN(closed_at) AS ts FROM closes INDEXED BY closes_day
       WHERE day = (SELECT MIN(day) FROM closes INDEXED BY closes_day WHERE day IS NOT NULL)`,
    ),
    daily: prepare(
      `SELECT day AS ts, ${totalsColumns} FROM closes INDEXED BY closes_day
       WHERE day IS NOT NULL GROUP BY day ORDER BY day`,
    ),
    hourly: prepare(
      `SELECT closed_at - closed_at % 3600 AS ts, ${totalsColumns} FROM closes INDEXED BY closes_day
       WHERE day >= :firstDay AND closed_at >= :from AND closed_at < :until
       GROUP BY ts ORDER BY ts`,
    ),
    window: prepare(
      `SELECT ${totalsColumns} FROM closes INDEXED BY closes_day
       WHERE day >= :firstDay AND closed_at > :after AND closed_at <= :upTo`,
    ),
    modelDaily: prepare(
      `SELECT model_ref AS ref, day AS ts, ${totalsColumns} FROM closes INDEXED BY closes_model
       WHERE model_ref IS NOT NULL AND day >= :first AND day <= :last
       GROUP BY model_ref, day ORDER BY model_ref, day`,
    ),
    providerDaily: prepare(
      `SELECT provider_ref AS ref, day AS ts, ${totalsColumns} FROM closes INDEXED BY closes_provider
       WHERE provider_ref IS NOT NULL AND day >= :first AND day <= :last
       GROUP BY provider_ref, day ORDER BY provider_ref, day`,
    ),
    median: {
      hour: prepare(
        `SELECT ttft_ms FROM closes INDEXED BY closes_day
         WHERE day = :day AND ttft_ms > 0 AND closed_at >= :hour AND closed_at < :hour + 3600
         ORDER BY ttft_ms LIMIT 1 OFFSET :offset`,
      ),
      day: prepare(
        `SELECT ttft_ms FROM closes INDEXED BY closes_day
         WHERE day = :day AND ttft_ms > 0 ORDER BY ttft_ms LIMIT 1 OFFSET :offset`,
      ),
      month: prepare(
        `SELECT ttft_ms FROM closes INDEXED BY closes_month_ttft
         WHERE ttft_ms > 0 AND month = :month ORDER BY ttft_ms LIMIT 1 OFFSET :offset`,
      ),
      window: prepare(
        `SELECT ttft_ms FROM closes INDEXED BY closes_day
         WHERE day >= :firstDay AND ttft_ms > 0 AND closed_at > :after AND closed_at <= :upTo
         ORDER BY ttft_ms LIMIT 1 OFFSET :offset`,
      ),
      all: prepare(
        "SELECT ttft_ms FROM closes INDEXED BY closes_ttft WHERE ttft_ms > 0 ORDER BY ttft_ms LIMIT 1 OFFSET :offset",
      ),
      modelDay: prepare(
        `SELECT ttft_ms FROM closes INDEXED BY closes_model
         WHERE model_ref = :ref AND day = :day AND ttft_ms > 0
         ORDER BY ttft_ms LIMIT 1 OFFSET :offset`,
      ),
      providerDay: prepare(
        `SELECT ttft_ms FROM closes INDEXED BY closes_provider
         WHERE provider_ref = :ref AND day = :day AND ttft_ms > 0
         ORDER BY ttft_ms LIMIT 1 OFFSET :offset`,
      ),
    },
    models: prepare("SELECT ref, model_id AS modelId, name FROM models"),
    providers: prepare("SELECT ref, address FROM providers"),
    stuck: prepare(
      `SELECT s.session_id AS sessionId, s.opened_at AS openedAt, s.ends_at AS endsAt, s.stake AS stake,
              p.address AS provider, m.model_id AS modelId
       FROM sessions s INDEXED BY sessions_open_by_end
       LEFT JOIN bids b ON b.bid_id = s.bid_id
       LEFT JOIN providers p ON p.ref = b.provider_ref
       LEFT JOIN models m ON m.ref = b.model_ref
       WHERE s.close_block IS NULL AND s.ends_at <= :endsAtUpTo
       ORDER BY s.opened_at, s.session_id`,
    ),
    anomalies: prepare(
      `SELECT
         (SELECT COUNT(*) FROM closes WHERE kind = 'malformed') AS malformedReceipts,
         (SELECT COUNT(*) FROM closes INDEXED BY closes_malformed
           WHERE kind = 'malformed' AND receipt_length = 0) AS emptyReceipts,
         (SELECT COUNT(*) FROM closes WHERE kind = 'disputed') AS disputedSessions,
         (SELECT COUNT(*) FROM (SELECT session_id FROM closes WHERE kind = 'unreadable'
                                UNION SELECT session_id FROM sessions WHERE read_ok = 0)) AS unreadableSessions,
         (SELECT COUNT(*) FROM anomalies WHERE kind = 'inconsistent-session') AS inconsistentSessions,
         (SELECT COUNT(*) FROM bids WHERE read_ok = 0) AS unreadableBids,
         (SELECT COUNT(*) FROM bids b JOIN providers p ON p.ref = b.provider_ref
           WHERE p.address = '0x0000000000000000000000000000000000000000') AS zeroAddressProviders,
         (SELECT COUNT(*) FROM models WHERE name_status = 'unreadable') AS unreadableModels,
         (SELECT COUNT(*) FROM models WHERE name_status = 'invalid-utf8') AS invalidModelNames,
         (SELECT COUNT(*) FROM anomalies WHERE kind = 'foreign-log') AS foreignLogs`,
    ),
    counts: prepare(
      `SELECT
         (SELECT COUNT(*) FROM sessions) AS sessionsOpened,
         (SELECT COUNT(*) FROM closes) AS sessionsClosed,
         (SELECT COUNT(*) FROM models) AS models,
         (SELECT COUNT(*) FROM providers) AS providers`,
    ),
  };

  const toTotals = (row: Record<string, bigint | null>): Totals => ({
    tokens: row.tokens ?? 0n,
    sessions: Number(row.sessions ?? 0n),
    ttftCount: Number(row.ttftCount ?? 0n),
  });
  const toBuckets = (statement: Statement, params: Record<string, number> = {}): BucketTotals[] =>
    (statement.all(params) as Array<Record<string, bigint>>).map((row) => ({
      ts: Number(row.ts),
      ...toTotals(row),
    }));
  const toKeyed = (statement: Statement, params: Record<string, number>): KeyedBucketTotals[] =>
    (statement.all(params) as Array<Record<string, bigint>>).map((row) => ({
      ref: Number(row.ref),
      ts: Number(row.ts),
      ...toTotals(row),
    }));
  const numbers = (row: unknown) =>
    Object.fromEntries(
      Object.entries(row as Record<string, bigint>).map(([key, value]) => [key, Number(value)]),
    );
  const floorDay = (ts: number) => ts - (((ts % 86_400) + 86_400) % 86_400);

  return {
    earliestClose(): number | undefined {
      const row = statements.earliest.get() as { ts: bigint | null };
      return row.ts === null ? undefined : Number(row.ts);
    },
    dailyTotals: () => toBuckets(statements.daily),
    /** Hours in [from, until). */
    hourlyTotals: (from: number, until: number) =>
      toBuckets(statements.hourly, { firstDay: floorDay(from), from, until }),
    /** Closes with after < closedAt <= upTo. */
    windowTotals(after: number, upTo: number): Totals {
      return toTotals(
        statements.window.get({ firstDay: floorDay(after + 1), after, upTo }) as Record<string, bigint>,
      );
    },
    modelDailyTotals: (first: number, last: number) => toKeyed(statements.modelDaily, { first, last }),
    providerDailyTotals: (first: number, last: number) => toKeyed(statements.providerDaily, { first, last }),
    /** The ttft_ms at 0-based `offset` in ascending order within the scope. */
    ttftMsAt(scope: MedianScope, offset: number): number {
      const m = statements.median;
      let row: unknown;
      switch (scope.kind) {
        case "hour":
          row = m.hour.get({ day: floorDay(scope.hour), hour: scope.hour, offset });
          break;
        case "day":
          row = m.day.get({ day: scope.day, offset });
          break;
        case "month":
          row = m.month.get({ month: scope.month, offset });
          break;
        case "window":
          row = m.window.get({
            firstDay: floorDay(scope.after + 1),
            after: scope.after,
            upTo: scope.upTo,
            offset,
          });
          break;
        case "all":
          row = m.all.get({ offset });
          break;
        case "model-day":
          row = m.modelDay.get({ ref: scope.ref, day: scope.day, offset });
          break;
        case "provider-day":
          row = m.providerDay.get({ ref: scope.ref, day: scope.day, offset });
          break;
      }
      if (!row) throw new Error(`no ttft at offset ${offset} in ${JSON.stringify(scope)}`);
      return Number((row as { ttft_ms: bigint }).ttft_ms);
    },
    models(): Map<number, { modelId: string; name: string | null }> {
      const rows = statements.models.all() as Array<{ ref: bigint; modelId: string; name: string | null }>;
      return new Map(rows.map((row) => [Number(row.ref), { modelId: row.modelId, name: row.name }]));
    },
    providers(): Map<number, string> {
      const rows = statements.providers.all() as Array<{ ref: bigint; address: string }>;
      return new Map(rows.map((row) => [Number(row.ref), row.address]));
    },
    stuckSessions(endsAtUpTo: number): StuckRow[] {
      return (statements.stuck.all({ endsAtUpTo }) as Array<Record<string, bigint | string | null>>).map(
        (row) => ({
          sessionId: row.sessionId as string,
          openedAt: Number(row.openedAt),
          endsAt: Number(row.endsAt),
          stake: row.stake as string | null,
          provider: row.provider as string | null,
          modelId: row.modelId as string | null,
        }),
      );
    },
    anomalyCounts: () => numbers(statements.anomalies.get()),
    counts: () => numbers(statements.counts.get()),
  };
}
