import { afterEach, describe, expect, test } from "vitest";
import { findCreationBlock } from "../../src/chain/findCreationBlock.js";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { ExitCode, exitCodeOf, TransientError } from "../../src/errors/BaseError.js";
import {
  type ScriptedEndpoint,
  startScriptedEndpoint,
} from "../../tooling/endpoints/startScriptedEndpoint.js";

/**
 * An endpoint that is down during the creation-block search is a failure worth retrying, not an
 * endpoint without history: starting at the preset's block would scan millions of empty blocks.
 */
let endpoint: ScriptedEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

describe("findCreationBlock, the endpoint down", () => {
  test("error: HTTP 503 after the client's retries is thrown as transient (exit 75), not 'no history'", async () => {
    endpoint = await startScriptedEndpoint(() => ({ status: 503, body: "Service Unavailable" }));
    const client = createRpcClient({ url: endpoint.url, retries: 1, backoffMs: 1 });
    const search = findCreationBlock(client, "0x6abe1d282f72b474e54527d93b979a4f64d3030a", 1_000_000);
    await expect(search).rejects.toBeInstanceOf(TransientError);
    expect(exitCodeOf(await search.catch((error: unknown) => error))).toBe(ExitCode.transient);
  });
});
