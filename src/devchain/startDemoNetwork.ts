import type { Address } from "viem";
import { secondsPerHour as hour } from "../api/periods.js";
import { presets } from "../chain/presets.js";
import { deployMarketplace } from "./deployMarketplace.js";
import { earliestEvent } from "./earliestEvent.js";
import { generateNetwork } from "./generateNetwork.js";
import type { History } from "./history.js";
import { type AnvilNode, startAnvil } from "./startAnvil.js";
import { writeHistory } from "./writeHistory.js";

export type DemoChain = {
  name: string;
  chainId: number;
  rpcUrl: string;
  contract: Address;
  history: History;
  sessions: number;
};

export type DemoNetwork = { chains: DemoChain[]; stop(): Promise<void> };

/** At most this many days a block an hour: anvil's cost grows with blocks times the history. */
const maxHourlyDays = 31;

/**
 * Two local chains shaped like the real marketplace: anvil nodes that report Base's and Arbitrum
 * One's chain ids, the marketplace at each preset's address, Arbitrum holding the older history
 * and Base the newer (generateNetwork). Listed base first, as the default configuration is.
 * The history is packed into a few blocks: mining costs grow with blocks times the history's
 * size, so a close's block is not of its hour. With `hourlyDays`, the last days are written a block
 * per UTC hour holding events instead, so that there, as on a real chain, a close lies in a block of
 * its own hour: 15 covers the hourly files' 14 days, where `verify` recomputes hours (the default
 * demo's 15 days cost minutes more, so `demo` does not ask for them).
 */
export async function startDemoNetwork(options: {
  seed: number;
  days: number;
  sessionsPerDay: number;
  endTime: number;
  /** The last days written a block per UTC hour holding events (default 0: none). */
  hourlyDays?: number;
  /** The anvil binary (findAnvil). */
  binary?: string;
  onProgress?: (message: string, fields: Record<string, unknown>) => void;
}): Promise<DemoNetwork> {
  if ((options.hourlyDays ?? 0) > maxHourlyDays)
    throw new RangeError(
      `hourlyDays ${options.hourlyDays}: at most ${maxHourlyDays} (a block an hour costs)`,
    );
  const histories = generateNetwork(options);
  const nodes: AnvilNode[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  };
  try {
    const chains = await Promise.all(
      (["base", "arbitrum"] as const).map(async (name): Promise<DemoChain> => {
        const preset = presets[name];
        const history = histories[name];
        const earliest = earliestEvent(history);
        const node = await startAnvil({
          chainId: preset.chainId,
          timestamp: earliest - 86_400,
          ...(options.binary ? { binary: options.binary } : {}),
        });
        nodes.push(node);
        const { contract } = await deployMarketplace(node.rpcUrl, { multicall: true, at: preset.contract });
        const since = Math.floor(options.endTime / hour) * hour - (options.hourlyDays ?? 0) * 86_400;
        const written = await writeHistory(
          node.rpcUrl,
          contract,
          history,
          options.hourlyDays ? { fine: { since, span: hour } } : {},
        );
        options.onProgress?.("demo chain written", {
          chain: name,
          rpc: node.rpcUrl,
          sessions: history.sessions.length,
          blocks: written.lastBlock + 1,
        });
        return {
          name,
          chainId: preset.chainId,
          rpcUrl: node.rpcUrl,
          contract,
          history,
          sessions: history.sessions.length,
        };
      }),
    );
    return { chains, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
