import { createPublicClient, getAddress, http } from "viem";
import { describe, expect, test } from "vitest";
import { marketplaceAbi } from "../../src/chain/abi.js";
import { useDevChain } from "../support/useDevChain.js";

/** A history's providerStakes reach getProvider (writeHistory sets them last, with setProviderStake). */
const endTime = Date.UTC(2026, 0, 1) / 1000;
const small = getAddress(`0x${"5".repeat(40)}`);
const wrapped = getAddress(`0x${"6".repeat(40)}`);
const providerStakes = [
  { provider: small, stake: 10n ** 17n },
  { provider: wrapped, stake: 12n * 10n ** 18n },
];
const chain = useDevChain({ models: [], bids: [], sessions: [], endTime, providerStakes });

describe("writeHistory, providerStakes", () => {
  test("default: each provider's stake, past 2^63 wei too, as getProvider returns it", async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) });
    for (const { provider, stake } of providerStakes) {
      const read = await client.readContract({
        address: chain.contract,
        abi: marketplaceAbi,
        functionName: "getProvider",
        args: [provider],
      });
      expect(read.stake).toBe(stake);
    }
  });
});
