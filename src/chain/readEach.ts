import type { Hex } from "viem";
import type { ContractReader } from "./createContractReader.js";

/** A view call that reverted, or whose answer does not decode: the read failed, with why. */
export type ReadFailed = { ok: false; error: string };

/**
 * One view call of the contract per id, all of them through the reader (batched: Multicall3, the
 * deployless aggregate3, or JSON-RPC batches), at the latest block or at `block`: each answer
 * decoded, or a failed read where the call reverted; by id, in the order of the ids.
 */
export async function readEach<Id, Read>(
  reader: ContractReader,
  request: {
    contract: string;
    ids: readonly Id[];
    encode(id: Id): Hex;
    decode(data: Uint8Array): Read | ReadFailed;
    block?: number;
  },
): Promise<Map<Id, Read | ReadFailed>> {
  const { contract, ids, encode, decode } = request;
  const results = await reader.read(
    ids.map((id) => ({ to: contract, data: encode(id) })),
    request.block,
  );
  return new Map(
    ids.map((id, i) => {
      const result = results[i];
      return [id, result?.ok ? decode(result.data) : { ok: false, error: result?.error ?? "no result" }];
    }),
  );
}
