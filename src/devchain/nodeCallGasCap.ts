/**
 * What an eth_call may spend on the dev node: geth's default RPC gas cap (--rpc.gascap). Anvil
 * gives an eth_call the block gas limit, so the node keeps its block gas limit here and
 * writeHistory lifts it only while it writes; with EIP-170 in force as well, the dev node refuses
 * what a real node refuses (a deployless call returning more than 24,576 bytes of code, a call
 * past the gas cap).
 */
export const nodeCallGasCap = 50_000_000n;
