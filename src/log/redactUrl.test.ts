import { describe, expect, test } from "vitest";
import { redactSecrets, redactUrl, redactUrlsIn } from "./redactUrl.js";

describe("redactUrl", () => {
  test("default: credentials, keys in paths and query strings are removed", () => {
    expect(redactUrl("https://user:pass@rpc.example.com/v2/abcdef0123456789abcdef?key=secret")).toBe(
      "https://***@rpc.example.com/v2/***?***",
    );
    expect(redactUrl("http://127.0.0.1:8545")).toBe("http://127.0.0.1:8545/");
  });

  test("behavior: every path segment of 8 characters or more is hidden, whatever it looks like", () => {
    expect(redactUrl("https://rpc.example.com/v2/abcdefghijklmnopqrstuvwxyzABCDEF")).toBe(
      "https://rpc.example.com/v2/***",
    );
    expect(redactUrl("https://rpc.example.com/v2/KEY123abc/")).toBe("https://rpc.example.com/v2/***/");
    expect(redactUrl("https://rpc.ankr.com/base/0123456789abcdef")).toBe("https://rpc.ankr.com/base/***");
    expect(redactUrl("https://name.quiknode.pro/a.b~c!d$e/")).toBe("https://name.quiknode.pro/***/");
  });

  test("behavior: secrets are scrubbed from any text", () => {
    const url = "https://base-mainnet.g.alchemy.com/v2/Zx9kQ2mN4pR7sT1uV3wY5";
    expect(redactSecrets(`request to ${url} failed (key Zx9kQ2mN4pR7sT1uV3wY5)`, url)).toBe(
      "request to https://base-mainnet.g.alchemy.com/v2/*** failed (key ***)",
    );
  });

  test("behavior: a URL without secrets stays readable", () => {
    const url = "http://127.0.0.1:8545";
    expect(redactSecrets(`RPC endpoint ${redactUrl(url)} failed; --rpc-url ${url}`, url)).toBe(
      "RPC endpoint http://127.0.0.1:8545/ failed; --rpc-url http://127.0.0.1:8545",
    );
    const secret = "https://user:pa55word@rpc.example.com/v2/Zx9kQ2mN4pR7sT1uV3wY5";
    expect(redactSecrets(`at ${redactUrl(secret)} and ${secret}`, secret)).toBe(
      "at https://***@rpc.example.com/v2/*** and https://***@rpc.example.com/v2/***",
    );
  });

  test("behavior: a URL without secrets stays readable in its redacted form too", () => {
    const url = "http://127.0.0.1:8545";
    expect(redactSecrets(`RPC endpoint ${redactUrl(url)} failed eth_call`, url)).toBe(
      "RPC endpoint http://127.0.0.1:8545/ failed eth_call",
    );
    expect(redactSecrets(`request to ${url} failed`, url)).toBe("request to http://127.0.0.1:8545 failed");
    const keyed = "https://base-mainnet.g.alchemy.com/v2/Zx9kQ2mN4pR7sT1uV3wY5";
    expect(redactSecrets(`RPC endpoint ${redactUrl(keyed)} failed`, keyed)).toBe(
      "RPC endpoint https://base-mainnet.g.alchemy.com/v2/*** failed",
    );
  });
});

describe("redactSecrets", () => {
  test("behavior: a value without a scheme (never quoted) changes nothing, e.g. host:port in an example", () => {
    const text = "Expected a URL, e.g. http://localhost:8545.";
    expect(redactSecrets(text, "localhost:8545")).toBe(text);
  });
});

describe("redactUrlsIn", () => {
  test("behavior: every URL in a message is redacted where it stands, quotes and text around it kept", () => {
    expect(
      redactUrlsIn(
        "unknown option '--rpcurl=https://alice:pw@node.example/v2/Zx9kQ2mN4pR7?token=q7R2' (Did you mean --rpc-url?)",
      ),
    ).toBe("unknown option '--rpcurl=https://***@node.example/v2/***?***' (Did you mean --rpc-url?)");
    expect(redactUrlsIn("http://a.example/x and wss://b.example/v3/abcdefgh12")).toBe(
      "http://a.example/x and wss://b.example/v3/***",
    );
    expect(redactUrlsIn("no URL here: host:8545")).toBe("no URL here: host:8545");
  });
});
