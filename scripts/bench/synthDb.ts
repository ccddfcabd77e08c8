import { getAddress, type Hex, keccak256, stringToHex } from "viem";
import { floorDay, floorMonth } from "../../src/api/periods.js";
import { seededRandom } from "../../src/devchain/seededRandom.js";
import { openStore, type Store } from "../../src/store/openStore.js";

/** The models, providers and bids a synthetic history uses: also written on the bench's chain. */
export type Catalog = {
  models: Array<{ modelId: Hex; name: string }>;
  bids: Array<{ bidId: Hex; provider: Hex; modelId: Hex; pricePerSecond: bigint }>;
};

export type ChainIdentity = {
  chainId: number;
  /** Lowercase. */
  contract: string;
  /** The block the database is synced to: its number, hash and timestamp (the as-of time). */
  blockNumber: number;
  blockHash: string;
  blockTimestamp: number;
};

export type SynthSummary = {
  closed: number;
  open: number;
  models: number;
  providers: number;
  bids: number;
  days: number;
  writeMs: number;
};

/** 14 months of history before the as-of time. */
export const synthDays = 426;

/**
 * A realistic marketplace catalogue: 18 models with names, 120 providers, 2 to 4 bids each
 * (deterministic from the seed).
 */
export function makeCatalog(seed: number): Catalog {
  const random = seededRandom(seed);
  const modelCount = 18;
  const providerCount = 120;
  const hash = (text: string) => keccak256(stringToHex(`mor-throughput bench ${seed} ${text}`));
  const models = Array.from({ length: modelCount }, (_, m) => ({
    modelId: hash(`model ${m}`),
    name: `bench-model-${m}-${["8b", "70b", "235b-a22b", "r1", "small-24b"][m % 5]}`,
  }));
  const bids: Catalog["bids"] = [];
  for (let p = 0; p < providerCount; p++) {
    const provider = getAddress(`0x${hash(`provider ${p}`).slice(-40)}`);
    const offers = 2 + Math.floor(random() * 3);
    for (let k = 0; k < offers; k++) {
      bids.push({
        bidId: hash(`bid ${p} ${k}`),
        provider,
        // Popular models get more offers: model index skewed towards 0.
        modelId: (models[Math.floor(random() ** 2 * modelCount)] as Catalog["models"][number]).modelId,
        pricePerSecond: BigInt(1 + Math.floor(random() * 1000)) * 10n ** 12n,
      });
    }
  }
  return { models, bids };
}

/**
 * Writes a database straight into SQLite (the real migrations, then rows with prepared statements
 * in big transactions; secondary indexes dropped during the load and created again after, as a
 * sort), as if `closed` closed sessions had been synced:
 *
 * - close times over 14 months ending at the as-of time, the volume growing threefold over the
 *   period; every session's bid drawn from the catalogue (popular bids first);
 * - receipts: v1 (160 bytes) for the first 60% of the time, v2 (224 bytes) after, ttft per model
 *   (150 ms to about 6 s, 7% not measured); 2% disputed, 0.5% empty, 0.3% short (malformed);
 * - 0.1% of sessions stuck (never closed, stake run out) and 0.05% still running.
 *
 * Session ids grow with the row number (a sorted load); block numbers are spread over the
 * chain's blocks up to the checkpoint.
 */
export function writeSynthDb(
  path: string,
  options: { closed: number; seed: number; catalog: Catalog; identity: ChainIdentity },
): SynthSummary {
  const started = performance.now();
  const { closed, catalog, identity } = options;
  const random = seededRandom(options.seed);
  const store = openStore(path);
  const { sqlite } = store;
  try {
    sqlite.pragma("journal_mode = OFF");
    sqlite.pragma("synchronous = OFF");
    sqlite.pragma("cache_size = -262144");
    const indexes = sqlite
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('closes', 'sessions') AND sql IS NOT NULL",
      )
      .all() as Array<{ name: string; sql: string }>;
    for (const index of indexes) sqlite.exec(`DROP INDEX ${index.name}`);

    // Catalogue: providers, models, bids.
    const providerRefs = new Map<string, number>();
    const modelRefs = new Map<string, number>();
    const insertProvider = sqlite.prepare("INSERT INTO providers (address) VALUES (?)");
    const insertModel = sqlite.prepare(
      "INSERT INTO models (model_id, name, name_status) VALUES (?, ?, 'ok')",
    );
    const insertBid = sqlite.prepare(
      "INSERT INTO bids (bid_id, read_ok, provider_ref, model_ref, price_per_second) VALUES (?, 1, ?, ?, ?)",
    );
    sqlite.transaction(() => {
      for (const model of catalog.models) {
        modelRefs.set(model.modelId, Number(insertModel.run(model.modelId, model.name).lastInsertRowid));
      }
      for (const bid of catalog.bids) {
        if (!providerRefs.has(bid.provider)) {
          providerRefs.set(bid.provider, Number(insertProvider.run(bid.provider).lastInsertRowid));
        }
        insertBid.run(
          bid.bidId,
          providerRefs.get(bid.provider),
          modelRefs.get(bid.modelId),
          bid.pricePerSecond.toString(),
        );
      }
    })();

    // Per-bid popularity (Zipf-like) as a cumulative table; per-model ttft scale.
    const cumulative: number[] = [];
    let total = 0;
    catalog.bids.forEach((_, k) => {
      total += 1 / (k + 1) ** 0.8;
      cumulative.push(total);
    });
    const modelTtft = new Map(catalog.models.map((m, k) => [m.modelId, 300 + ((k * 397) % 2200)]));
    const pickBid = () => {
      const r = random() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] as number) < r) lo = mid + 1;
        else hi = mid;
      }
      return catalog.bids[lo] as Catalog["bids"][number];
    };

    const insertSession = sqlite.prepare(
      `INSERT INTO sessions (session_id, opened_block, opened_log_index, read_ok, bid_id, stake, opened_at, ends_at, close_block)
       VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)`,
    );
    const insertClose = sqlite.prepare(
      `INSERT INTO closes (session_id, block_number, log_index, kind, bid_id, closed_at, day, month, closeout_type, receipt_length, tokens, ttft_ms, model_ref, provider_ref)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );

    const asOf = identity.blockTimestamp;
    const span = synthDays * 86_400;
    const start = asOf - span;
    const cutover = start + Math.floor(span * 0.6);
    const lastBlock = Math.max(1, identity.blockNumber - 1);
    const blockOf = (time: number) => 1 + Math.floor(((time - start) / span) * (lastBlock - 1));
    const stuckEvery = 1000;
    const runningEvery = 2000;
    let open = 0;
    let logIndex = 0;
    const batch = 50_000;

    for (let from = 0; from < closed; from += batch) {
      sqlite.transaction(() => {
        for (let i = from; i < Math.min(closed, from + batch); i++) {
          // Volume grows threefold over the period: density 1 + 2x on [0, 1], inverted.
          const u = (i + random()) / closed;
          const x = (-1 + Math.sqrt(1 + 8 * u)) / 2;
          const closedAt = Math.min(asOf, start + Math.floor(x * span) + dailyShift(random));
          const sessionId = idOf(i);
          const bid = pickBid();
          const duration = 300 + Math.floor(random() ** 2 * 86_100);
          const openedAt = closedAt - Math.floor(duration * (0.3 + 0.7 * random()));
          const block = blockOf(closedAt);
          const stake = `${1 + Math.floor(random() * 100_000)}000000000000000`;
          insertSession.run(
            sessionId,
            blockOf(openedAt),
            logIndex++,
            bid.bidId,
            stake,
            openedAt,
            openedAt + duration,
            block,
          );

          const r = random();
          let kind: string;
          // The store keeps a receipt's length, not its bytes (see src/store/schema.ts).
          let receiptLength: number;
          let closeoutType = "0";
          let tokens = 0;
          let ttftMs = 0;
          const measured = random() >= 0.07;
          const ttft = measured
            ? Math.max(150, Math.round((modelTtft.get(bid.modelId) as number) * (0.4 + 2 * random() ** 2)))
            : 0;
          const v2 = closedAt >= cutover;
          if (r < 0.02) {
            kind = "disputed";
            closeoutType = "1";
            receiptLength = v2 ? 224 : 160;
          } else if (r < 0.025) {
            kind = "malformed";
            receiptLength = 0;
          } else if (r < 0.028) {
            kind = "malformed";
            receiptLength = 96;
          } else if (v2) {
            kind = "v2";
            const input = 50 + Math.floor(random() ** 2 * 20_000);
            const output = 20 + Math.floor(random() * 8_000);
            receiptLength = 224;
            tokens = input + output;
            ttftMs = ttft;
          } else {
            kind = "v1";
            receiptLength = 160;
            ttftMs = ttft;
          }
          insertClose.run(
            sessionId,
            block,
            logIndex++,
            kind,
            bid.bidId,
            closedAt,
            floorDay(closedAt),
            floorMonth(closedAt),
            closeoutType,
            receiptLength,
            tokens,
            ttftMs,
            modelRefs.get(bid.modelId),
            providerRefs.get(bid.provider),
          );

          // Sessions never closed: stuck ones (their stake ran out long ago), and running ones.
          if (i % stuckEvery === stuckEvery - 1 || i % runningEvery === runningEvery - 1) {
            const running = i % runningEvery === runningEvery - 1 && i % stuckEvery !== stuckEvery - 1;
            const openedAt2 = running ? asOf - Math.floor(random() * 3600) : closedAt - 3600;
            const endsAt2 = running ? asOf + 3600 + Math.floor(random() * 80_000) : openedAt2 + 600;
            insertSession.run(
              idOf(closed + i),
              blockOf(openedAt2),
              logIndex++,
              bid.bidId,
              stake,
              openedAt2,
              endsAt2,
              null,
            );
            open++;
          }
        }
      })();
    }

    writeCheckpoint(sqlite, identity);
    for (const index of indexes) sqlite.exec(index.sql);
    sqlite.pragma("journal_mode = WAL");
    return {
      closed,
      open,
      models: catalog.models.length,
      providers: providerRefs.size,
      bids: catalog.bids.length,
      days: synthDays,
      writeMs: Math.round(performance.now() - started),
    };
  } finally {
    store.close();
  }
}

/** Points a synthetic database at another chain's block (a cached database, a new anvil). */
export function setCheckpoint(path: string, identity: ChainIdentity): void {
  const store = openStore(path);
  try {
    writeCheckpoint(store.sqlite, identity);
  } finally {
    store.close();
  }
}

/** The checkpoint (synced from block 0 to the identity's block) and that block's stored hash. */
function writeCheckpoint(sqlite: Store["sqlite"], identity: ChainIdentity): void {
  sqlite.transaction(() => {
    sqlite
      .prepare(
        `INSERT INTO checkpoint (id, chain_id, contract, from_block, block_number, block_hash, block_timestamp)
         VALUES (1, ?, ?, 0, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET chain_id = excluded.chain_id, contract = excluded.contract,
           block_number = excluded.block_number, block_hash = excluded.block_hash,
           block_timestamp = excluded.block_timestamp`,
      )
      .run(
        identity.chainId,
        identity.contract,
        identity.blockNumber,
        identity.blockHash,
        identity.blockTimestamp,
      );
    sqlite.prepare("DELETE FROM blocks").run();
    sqlite
      .prepare("INSERT INTO blocks (number, hash, timestamp) VALUES (?, ?, ?)")
      .run(identity.blockNumber, identity.blockHash, identity.blockTimestamp);
  })();
}

/** Sorted, hash-looking session ids: the row number, then 48 pseudo-random hex digits. */
function idOf(i: number): string {
  let tail = "";
  let h = (i + 1) >>> 0;
  for (let k = 0; k < 6; k++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
    h = (h ^ (h >>> 15)) >>> 0;
    tail += h.toString(16).padStart(8, "0");
  }
  return `0x${i.toString(16).padStart(16, "0")}${tail}`;
}

/** Up to half an hour either way: close times are not evenly spaced. */
function dailyShift(random: () => number): number {
  return Math.floor((random() - 0.5) * 3600);
}
