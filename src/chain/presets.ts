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

/** Local development chains (anvil, hardhat) reorganise only when told to. */
const localChainIds = new Set([31337, 1337]);

export function presetForChainId(chainId: number): ChainPreset | undefined {
  return Object.values(presets).find((preset) => preset.chainId === chainId);
}

/** Blocks kept behind the head when the flag is not given. */
export function defaultConfirmations(chainId: number): number {
  const preset = presetForChainId(chainId);
  if (preset) return preset.confirmations;
  return localChainIds.has(chainId) ? 0 : 12;
}
