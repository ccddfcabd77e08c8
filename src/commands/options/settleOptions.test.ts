import { describe, expect, test } from "vitest";
import { presets } from "../../chain/presets.js";
import {
  fromEnvironment,
  secretUrlsOf,
  settleChainOptions,
  settleOutputOptions,
  splitUrls,
} from "./settleOptions.js";

/** What a workflow hands over for a secret that is not set: an empty string (issue 12). */
const blank = {
  RPC_URL: "",
  RPC_URL_8453: "",
  RPC_URL_42161: " ",
  DB_PATH: "",
  OUT_DIR: "",
  RPC_TIMEOUT_MS: "",
  RPC_RETRIES: "",
};

describe("settleOptions", () => {
  test("default: no flag, no environment: both presets' public endpoints, the default paths", () => {
    const chains = settleChainOptions({}, {});
    expect(chains.endpoints.map((spec) => spec.url)).toEqual([presets.base.rpcUrl, presets.arbitrum.rpcUrl]);
    expect(settleOutputOptions({}, {})).toEqual({
      db: "data/throughput.sqlite",
      out: "out",
      stuckGrace: 3600,
      updateInterval: 3600,
      snapshot: false,
    });
  });

  test("behavior: an empty environment variable counts as unset, for every variable read", () => {
    expect(settleChainOptions({}, blank)).toEqual(settleChainOptions({}, {}));
    expect(settleOutputOptions({}, blank)).toEqual(settleOutputOptions({}, {}));
    expect(secretUrlsOf({}, blank)).toEqual([]);
    for (const name of Object.keys(blank)) expect(fromEnvironment(blank, name), name).toBeUndefined();
  });

  test("behavior: one chain's endpoint set, the other's secret empty: that chain alone, from the environment", () => {
    const options = settleChainOptions({}, { ...blank, RPC_URL_8453: "https://base.example/key" });
    expect(options.endpoints).toEqual([
      { url: "https://base.example/key", source: "RPC_URL_8453", expectedChainId: 8453 },
    ]);
  });

  test("behavior: the publish workflow's fallbacks: each chain's secret, else its preset's public endpoint", () => {
    const options = settleChainOptions(
      {},
      { RPC_URL: "", RPC_URL_8453: "https://base.example/key", RPC_URL_42161: presets.arbitrum.rpcUrl },
    );
    expect(options.endpoints.map((spec) => [spec.source, spec.url])).toEqual([
      ["RPC_URL_42161", presets.arbitrum.rpcUrl],
      ["RPC_URL_8453", "https://base.example/key"],
    ]);
  });

  test("behavior: flags win over the environment, which wins over defaults", () => {
    const env = { DB_PATH: "env.sqlite", OUT_DIR: "env-out", RPC_TIMEOUT_MS: "500" };
    expect(settleOutputOptions({}, env)).toMatchObject({ db: "env.sqlite", out: "env-out" });
    expect(settleOutputOptions({ db: "flag.sqlite", out: "flag-out" }, env)).toMatchObject({
      db: "flag.sqlite",
      out: "flag-out",
    });
    expect(settleChainOptions({}, env).rpc.timeoutMs).toBe(500);
    expect(settleChainOptions({ rpcTimeout: "700" }, env).rpc.timeoutMs).toBe(700);
  });

  test("error: a value in the environment that does not parse names the variable", () => {
    expect(() => settleChainOptions({}, { RPC_RETRIES: "many" })).toThrow('Invalid RPC_RETRIES: "many"');
    expect(() => settleChainOptions({}, { RPC_URL_8453: "ftp://x" })).toThrow(
      'Invalid RPC_URL_8453: "ftp://x/"',
    );
  });

  test("behavior: RPC_URL_<chainId> and RPC_URL holding several URLs, spaces or commas between: one endpoint each (a pool)", () => {
    const options = settleChainOptions(
      {},
      {
        RPC_URL_8453: " https://a.example/key1,https://b.example/key2  https://c.example ",
        RPC_URL: "http://127.0.0.1:8545,\n http://127.0.0.1:8546",
      },
    );
    expect(options.endpoints).toEqual([
      { url: "http://127.0.0.1:8545", source: "RPC_URL" },
      { url: "http://127.0.0.1:8546", source: "RPC_URL" },
      { url: "https://a.example/key1", source: "RPC_URL_8453", expectedChainId: 8453 },
      { url: "https://b.example/key2", source: "RPC_URL_8453", expectedChainId: 8453 },
      { url: "https://c.example", source: "RPC_URL_8453", expectedChainId: 8453 },
    ]);
    expect(splitUrls(", ,")).toEqual([]);
  });

  test("behavior: every URL of a pool in the environment is a secret to scrub, alone or with the others", () => {
    const secrets = secretUrlsOf({}, { RPC_URL_8453: "https://a.example/key1, https://b.example/key2" });
    expect(secrets).toEqual(expect.arrayContaining(["https://a.example/key1", "https://b.example/key2"]));
  });

  test("error: one bad URL among several names the variable", () => {
    expect(() => settleChainOptions({}, { RPC_URL_8453: "https://a.example ftp://x" })).toThrow(
      'Invalid RPC_URL_8453: "ftp://x/"',
    );
  });
});
