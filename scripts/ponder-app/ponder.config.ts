import { createConfig } from "ponder";
import { marketplaceAbi } from "./abis/marketplace";

// Everything about the chain comes from the bench through the environment.
const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (the bench sets it)`);
  return value;
};

export default createConfig({
  database: { kind: "pglite", directory: required("BENCH_PONDER_DB_DIR") },
  chains: {
    bench: { id: Number(required("BENCH_CHAIN_ID")), rpc: required("BENCH_RPC_URL") },
  },
  contracts: {
    Marketplace: {
      abi: marketplaceAbi,
      chain: "bench",
      address: required("BENCH_CONTRACT") as `0x${string}`,
      startBlock: Number(required("BENCH_FROM_BLOCK")),
      endBlock: Number(required("BENCH_TO_BLOCK")),
    },
  },
});
