import type { Address } from "viem";

/** What the CLI knows about a network without being told. */
export type ChainPreset = {
  name: string;
  chainId: number;
  rpcUrl: string;
  contract: Address;
  /** First block to scan. Deployment blocks are not recorded (CHAIN.md): these err early. */
  startBlock: number;
  confirmations: number;
};

/** Multicall3's canonical address, the same on every chain that has it. */
export const multicall3Address: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

export const presets = {
  base: {
    name: "base",
    chainId: 8453,
    rpcUrl: "https://mainnet.base.org",
    contract: "0x6aBE1d282f72B474E54527D93b979A4f64d3030a",
    startBlock: 20_000_000,
    confirmations: 30,
  },
  arbitrum: {
    name: "arbitrum",
    chainId: 42161,
    rpcUrl: "https://arb1.arbitrum.io/rpc",
    contract: "0xDE819AaEE474626E3f34Ef0263373357e5a6C71b",
    // The marketplace's own subgraph configuration starts this diamond here (CHAIN.md).
    startBlock: 275_843_800,
    // 240 blocks at 0.25 s: one minute behind the head, the same wait as Base's 30 blocks. The
    // sequencer orders Arbitrum's blocks; they reorganise only if it misbehaves, and a minute is
    // far more than the seconds such an event has lasted.
    confirmations: 240,
  },
  "base-sepolia": {
    name: "base-sepolia",
    chainId: 84532,
    rpcUrl: "https://sepolia.base.org",
    contract: "0x6e4d0B775E3C3b02683A6F277Ac80240C4aFF930",
    startBlock: 15_000_000,
    confirmations: 30,
  },
} as const satisfies Record<string, ChainPreset>;

export type PresetName = keyof typeof presets;

/** The configuration when no endpoint is given: the marketplace's whole history (SPEC.md 1.1). */
export const defaultPresets: readonly PresetName[] = ["base", "arbitrum"];

/** Local development chains (anvil, hardhat) reorganise only when told to. */
const localChainIds = new Set([31337, 1337]);

export function presetForChainId(chainId: number): ChainPreset | undefined {
  return Object.values(presets).find((preset) => preset.chainId === chainId);
}

/** Chains in canonical order: the presets' order (base, arbitrum, ...), then by chain id. */
export function compareChains(a: number, b: number): number {
  const order = Object.values(presets).map((preset) => preset.chainId as number);
  const rank = (id: number) => (order.includes(id) ? order.indexOf(id) : order.length);
  return rank(a) - rank(b) || a - b;
}

/** Blocks kept behind the head when the flag is not given. */
export function defaultConfirmations(chainId: number): number {
  const preset = presetForChainId(chainId);
  if (preset) return preset.confirmations;
  return localChainIds.has(chainId) ? 0 : 12;
}
