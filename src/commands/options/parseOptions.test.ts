import { describe, expect, test } from "vitest";
import {
  parseChain,
  parseChainOptions,
  parseContract,
  parseInteger,
  parseOutputOptions,
  parseRpcUrl,
  parseToBlock,
} from "./parseOptions.js";

describe("parseOptions", () => {
  test("default: presets fill what flags leave open", () => {
    const options = parseChainOptions({}, {});
    expect(options.rpcUrl).toBe("https://mainnet.base.org");
    expect(options.toBlock).toBe("latest");
    expect(options.contract).toBeUndefined();
    expect(parseOutputOptions({}, {})).toEqual({
      db: "data/throughput.sqlite",
      out: "out",
      stuckGrace: 3600,
    });
  });

  test("behavior: flags win over the environment, the environment over defaults", () => {
    expect(parseChainOptions({}, { RPC_URL: "http://127.0.0.1:1" }).rpcUrl).toBe("http://127.0.0.1:1");
    expect(
      parseChainOptions({ rpcUrl: "http://127.0.0.1:2" }, { RPC_URL: "http://127.0.0.1:1" }).rpcUrl,
    ).toBe("http://127.0.0.1:2");
    expect(parseOutputOptions({}, { DB_PATH: "/tmp/x.sqlite", OUT_DIR: "/tmp/o" })).toMatchObject({
      db: "/tmp/x.sqlite",
      out: "/tmp/o",
    });
  });

  test("behavior: chains, blocks, addresses", () => {
    expect(parseChain("base")).toEqual({ preset: "base", chainId: 8453 });
    expect(parseChain("Base-Sepolia")).toEqual({ preset: "base-sepolia", chainId: 84532 });
    expect(parseChain("31337")).toEqual({ chainId: 31337 });
    expect(parseToBlock("finalized")).toBe("finalized");
    expect(parseToBlock("123")).toBe(123);
    expect(parseContract("0x6aBE1d282f72B474E54527D93b979A4f64d3030a")).toBe(
      "0x6abe1d282f72b474e54527d93b979a4f64d3030a",
    );
    expect(parseContract("0x6abe1d282f72b474e54527d93b979a4f64d3030a")).toBe(
      "0x6abe1d282f72b474e54527d93b979a4f64d3030a",
    );
  });

  test("error: messages name the flag, the value and what was expected", () => {
    expect(() => parseInteger("--from-block", "-1")).toThrowErrorMatchingInlineSnapshot(`
      [UserError: Invalid --from-block: "-1"
      Expected an integer of at least 0.]
    `);
    expect(() => parseInteger("--stuck-grace", "1.5")).toThrow('Invalid --stuck-grace: "1.5"');
    expect(() => parseChain("mainnet")).toThrowErrorMatchingInlineSnapshot(`
      [UserError: Invalid --chain: "mainnet"
      Expected one of base, base-sepolia, or a numeric chain id.]
    `);
    expect(() => parseContract("0x1234")).toThrowErrorMatchingInlineSnapshot(`
      [UserError: Invalid --contract: "0x1234"
      Expected an address: 0x followed by 40 hex digits.]
    `);
    expect(() => parseContract("0x6ABE1d282f72B474E54527D93b979A4f64d3030a")).toThrow("EIP-55 checksum");
    expect(() => parseToBlock("soon")).toThrow("Expected a block number, latest, safe or finalized.");
    expect(() => parseRpcUrl("ftp://example.com")).toThrow("got the ftp: scheme");
    expect(() => parseRpcUrl("not a url")).toThrow("Invalid --rpc-url");
    expect(() =>
      parseChainOptions({ fromBlock: "10", toBlock: "5" }, {}),
    ).toThrowErrorMatchingInlineSnapshot(`
      [UserError: Invalid --to-block: 5 is before --from-block 10
      Expected a last block at or after the first block to index.]
    `);
    expect(parseChainOptions({ fromBlock: "10", toBlock: "10" }, {})).toMatchObject({
      fromBlock: 10,
      toBlock: 10,
    });
  });
});
