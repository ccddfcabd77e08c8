import { bytesToHex, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from "viem";
import { marketplaceAbi } from "./abi.js";
import type { ContractReader } from "./createContractReader.js";
import { type ReadFailed, readEach } from "./readEach.js";

/** A model's current name; `valid` is false when the stored bytes are not UTF-8. */
export type ModelNameRead = { ok: true; name: string; validUtf8: boolean } | ReadFailed;

// getModel's result decoded with `bytes name`: the same encoding as `string name`, but the raw
// bytes come back, so that invalid UTF-8 can be detected rather than silently replaced.
const rawNameAbi = parseAbi([
  "struct Model { bytes32 ipfsCID; uint256 fee; uint256 stake; address owner; bytes name; string[] tags; uint128 createdAt; bool isDeleted; }",
  "function getModel(bytes32 modelId) view returns (Model)",
]);

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

export async function readModelNames(
  reader: ContractReader,
  contract: string,
  modelIds: readonly string[],
): Promise<Map<string, ModelNameRead>> {
  return readEach(reader, {
    contract,
    ids: modelIds,
    encode: (modelId) =>
      encodeFunctionData({ abi: marketplaceAbi, functionName: "getModel", args: [modelId as Hex] }),
    decode: decodeModelName,
  });
}

/** getModel's name, its raw bytes checked for UTF-8 (invalid sequences become U+FFFD, as every WHATWG-conformant decoder makes them). */
export function decodeModelName(data: Uint8Array): ModelNameRead {
  try {
    const model = decodeFunctionResult({ abi: rawNameAbi, functionName: "getModel", data: bytesToHex(data) });
    const bytes = Buffer.from(model.name.slice(2), "hex");
    let validUtf8 = true;
    try {
      strict.decode(bytes);
    } catch {
      validUtf8 = false;
    }
    return { ok: true, name: lenient.decode(bytes), validUtf8 };
  } catch (error) {
    return { ok: false, error: `undecodable getModel result: ${(error as Error).message.split("\n")[0]}` };
  }
}
