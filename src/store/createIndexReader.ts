import type { MetaUpgrade } from "../api/apiTypes.js";
import type { IndexReader } from "../rollup/IndexReader.js";
import { decodeCloseFacts } from "./decodeCloseFacts.js";
import type { Database } from "./openDatabase.js";
import { readRouterRecords } from "./readRouterRecords.js";
import { bidStatements } from "./statements/bidStatements.js";
import { chainStatements } from "./statements/chainStatements.js";
import { closeStatements } from "./statements/closeStatements.js";
import { chainList, countStatements } from "./statements/countStatements.js";
import { modelNameStatements } from "./statements/modelNameStatements.js";
import { pairStatStatements } from "./statements/pairStatStatements.js";
import { refStatements } from "./statements/refStatements.js";
import { sessionStatements } from "./statements/sessionStatements.js";
import { upgradeStatements } from "./statements/upgradeStatements.js";

/**
 * The index as the build reads it (rollup/IndexReader.ts declares it): run it inside one read
 * transaction for a consistent snapshot.
 */
export function createIndexReader({ sqlite }: Database): IndexReader {
  const chains = chainStatements(sqlite);
  const bids = bidStatements(sqlite);
  const closes = closeStatements(sqlite);
  const refs = refStatements(sqlite);
  /** Counts asked for the same chains twice (a publication of one chain) are counted once. */
  const once = <Counted extends object>(read: (chains: string) => Counted) => {
    const known = new Map<string, Counted>();
    return (chainIds: readonly number[]): Counted => {
      const key = chainList([...chainIds].sort((a, b) => a - b));
      const counted = known.get(key) ?? read(chainList(chainIds));
      known.set(key, counted);
      return { ...counted };
    };
  };
  return {
    chains: () =>
      chains.all.all().map((row) => ({
        ...row,
        statsAvailable: row.statsAvailable === null ? null : row.statsAvailable === 1,
      })),
    bids: () =>
      new Map(
        bids.readable.all().flatMap(({ ref, chainId, modelRef, providerRef, pricePerSecond }) =>
          // Read bids have all three (the column is null only for a bid whose read failed).
          modelRef !== null && providerRef !== null && pricePerSecond !== null
            ? [[ref, { chainId, modelRef, providerRef, pricePerSecond: BigInt(pricePerSecond) }] as const]
            : [],
        ),
      ),
    bidTimes: (chainIds) =>
      bids
        .timesOf(chainList(chainIds))
        .all()
        .map((row) => ({
          ...row,
          nonce: row.nonce === null ? null : BigInt(row.nonce),
          deletionIndexed: row.deletionIndexed === 1,
        })),
    models: () => new Map(refs.models.all()),
    modelNames: () => modelNameStatements(sqlite).all.all(),
    providers: () => new Map(refs.providers.all()),
    *closeDays(chainIds) {
      for (const [day, chainId, facts] of closes.factsByDay(chainList(chainIds)).iterate())
        yield decodeCloseFacts(day, chainId, facts);
    },
    stuck: (chainId, endsAtUpTo) => sessionStatements(sqlite).stuck.all(chainId, endsAtUpTo),
    pairStats: (chainId) => pairStatStatements(sqlite).ofChain.all(chainId),
    routerReads: (chainIds) => readRouterRecords(sqlite, chainIds),
    upgrades: (chainId) =>
      upgradeStatements(sqlite)
        .ofChain.all(chainId)
        .map((row) => ({
          ...row,
          status: statusOf(row.status),
          added: namesOf(row.added),
          replaced: namesOf(row.replaced),
          removed: namesOf(row.removed),
        })),
    counts: once((list) => countStatements.counts(sqlite, list).get() ?? noRow("counts")),
    distinctCounts: (chainIds) =>
      countStatements.distinct(sqlite, chainList(chainIds)).get() ?? noRow("distinct counts"),
    anomalies: once((list) => countStatements.anomalies(sqlite, list).get() ?? noRow("anomalies")),
    countClosesToRefill: () => closes.countToRefill.get() ?? 0,
  };
}

/** A query of counts always returns one row. */
function noRow(what: string): never {
  throw new Error(`unreachable: the query of ${what} returned no row`);
}

const upgradeStatuses: ReadonlyArray<MetaUpgrade["status"]> = ["noted", "verified", "unchecked", "accepted"];

/** An upgrade's status as the sync stored it (sync/SyncStore.ts, UpgradeRow). */
function statusOf(status: string): MetaUpgrade["status"] {
  const known = upgradeStatuses.find((candidate) => candidate === status);
  if (known === undefined) throw new Error(`unreachable: an upgrade stored with the status ${status}`);
  return known;
}

/** A comma-separated list of function names as the sync stored it ("" for none). */
function namesOf(list: string): MetaUpgrade["added"] {
  return list === "" ? [] : (list.split(",") as MetaUpgrade["added"]);
}
