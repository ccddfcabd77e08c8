import type { MetaChain, Rollup } from "../../api/apiTypes.js";
import type { ConnectedChain } from "../../chain/connectChain.js";
import type { Pair } from "../../chain/readPairStats.js";
import { ExitCode, exitCodeOf, UserError } from "../../errors/BaseError.js";
import type { Logger } from "../../log/createLogger.js";
import { computePublication, type PublicationOptions } from "../../rollup/computePublication.js";
import type { IndexReader } from "../../rollup/IndexReader.js";
import type { Difference } from "./Difference.js";
import { iso, pickHours, retainedHours } from "./pickHours.js";
import { verifyHours } from "./verifyHours.js";

export type SnapshotChainVerified = {
  chainId: number;
  contract: string;
  /** The snapshot's last synced block: where the contract's counters were read. */
  toBlock: number;
  /** (model, provider) pairs of the snapshot's bids whose counters were compared with its closes. */
  pairs: number;
  hours: Array<{ hour: string; closes: number }>;
  requests: number;
};

export type SnapshotVerified = { chains: SnapshotChainVerified[]; differences: Difference[] };

/**
 * A snapshot of the index, loaded (`reader` reads it), against the chains before anything
 * trusts it: each of its chains must be one the endpoints serve, of the configured contract
 * (else a UserError); then, on each, the contract's counters (getProviderModelStats) of every
 * (model, provider) pair of its bids, read at its last synced block, against its closes as the
 * audit counts them (rollup/computeAudit.ts, whatever the snapshot says of the counters it read),
 * and `hours` drawn at random (hours with closes preferred; `seed` repeats a draw) recomputed from
 * the chain and compared with the hourly buckets its closes give (verifyHours). A node that cannot
 * read the counters at that block is a UserError: the snapshot cannot be checked there.
 */
export async function verifySnapshot(
  reader: IndexReader,
  chains: readonly ConnectedChain[],
  options: PublicationOptions & { hours: number; seed: number },
  logger: Logger,
): Promise<SnapshotVerified> {
  const stored = reader.chains();
  for (const chain of stored) {
    const served = chains.find((one) => one.chainId === chain.chainId);
    if (!served)
      throw new UserError(`The snapshot holds chain ${chain.chainId}, which no configured endpoint serves`, {
        details: `Expected an endpoint of chain ${chain.chainId} (--rpc-url or RPC_URL_${chain.chainId}): the snapshot is checked against it.`,
      });
    if (served.contract.toLowerCase() !== chain.contract.toLowerCase())
      throw new UserError(
        `The snapshot indexes contract ${chain.contract} on chain ${chain.chainId}, not the configured ${served.contract}`,
        { details: "Expected a snapshot of the contract this deployment indexes (--contract, the preset)." },
      );
  }
  // Every chain of the snapshot as if its counters were read at its last block and none matched:
  // the audit then counts the index's closes of every pair, whatever the snapshot says it read.
  const audited: IndexReader = {
    ...reader,
    chains: () =>
      stored.map((chain, position) => ({
        ...chain,
        position,
        statsAvailable: true,
        statsBlock: chain.blockNumber,
      })),
    pairStats: () => [],
  };
  const publication = computePublication(audited, options);
  const audit = publication.files["audit.json"];
  const models = reader.models();
  const providers = reader.providers();
  const differences: Difference[] = [];
  const verified: SnapshotChainVerified[] = [];
  for (const chain of stored) {
    const connected = chains.find((one) => one.chainId === chain.chainId) as ConnectedChain;
    const before = connected.rpcStats().httpRequests;
    const pairs = new Map<string, Pair>();
    for (const bid of reader.bids().values()) {
      if (bid.chainId !== chain.chainId) continue;
      const pair = {
        modelId: models.get(bid.modelRef) as string,
        provider: providers.get(bid.providerRef) as string,
      };
      pairs.set(`${pair.modelId}:${pair.provider}`, pair);
    }
    const counted = new Map(
      audit.items
        .filter((item) => item.chainId === chain.chainId)
        .map((item) => [`${item.modelId}:${item.provider}`, item.index]),
    );
    const list = [...pairs.values()];
    logger.info(
      `chain ${chain.chainId}: checking the snapshot's closes of ${list.length} pair(s) against the contract's counters at block ${chain.blockNumber}`,
    );
    const read = await readCounters(connected, list, chain.blockNumber);
    list.forEach((pair, i) => {
      const index = counted.get(`${pair.modelId}:${pair.provider}`) ?? {
        closes: 0,
        signedCloses: 0,
        duration: 0,
      };
      const contract = read[i] as (typeof read)[number];
      const fields = [
        ["closes", index.closes, contract.totalCount],
        ["signedCloses", index.signedCloses, contract.successCount],
        ["duration", index.duration, contract.totalDuration],
      ] as const;
      for (const [field, published, computed] of fields)
        if (published !== computed)
          differences.push({
            file: "snapshot",
            bucket: `${chain.chainId} ${pair.modelId} ${pair.provider}`,
            field,
            published: String(published),
            computed: String(computed),
          });
    });
    const site = publication.files["meta.json"].chains.find(
      (one) => one.chainId === chain.chainId,
    ) as MetaChain;
    const hourly = publication.chains.get(chain.chainId)?.["rollup/hourly.json"] as Rollup;
    const withCloses = hourly.series.filter((bucket) => bucket.sessions > 0).map((bucket) => bucket.ts);
    const hours = pickHours(retainedHours([site.asOf]), {
      given: [],
      count: options.hours,
      seed: options.seed,
      among: withCloses,
    });
    logger.info(`chain ${chain.chainId}: recomputing ${hours.length} hour(s) of the snapshot from the chain`);
    const checked = await verifyHours(connected.view, site, hourly, hours);
    differences.push(
      ...checked.differences.map((difference) => ({ ...difference, file: `snapshot: ${difference.file}` })),
    );
    verified.push({
      chainId: chain.chainId,
      contract: chain.contract,
      toBlock: chain.blockNumber,
      pairs: list.length,
      hours: checked.hours.map((hour) => ({ hour: iso(hour.ts), closes: hour.closes })),
      requests: connected.rpcStats().httpRequests - before,
    });
  }
  return { chains: verified, differences };
}

/** The contract's counters of `pairs` at `block`; a node or contract that cannot give them, a UserError. */
async function readCounters(chain: ConnectedChain, pairs: readonly Pair[], block: number) {
  const cannot = (why: string) =>
    new UserError(`Cannot check the snapshot on chain ${chain.chainId}: ${why}`, {
      details: `Expected an endpoint that serves getProviderModelStats at block ${block} (an archive node), to compare the snapshot's closes with the contract's counters.`,
    });
  let read: Awaited<ReturnType<ConnectedChain["view"]["readPairStats"]>>;
  try {
    read = await chain.view.readPairStats(pairs, block);
  } catch (error) {
    if (exitCodeOf(error) === ExitCode.transient) throw error;
    throw cannot(error instanceof Error ? (error.message.split("\n")[0] as string) : String(error));
  }
  if (!read.available) throw cannot(`getProviderModelStats: ${read.reason}`);
  return read.counters;
}
