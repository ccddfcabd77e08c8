import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { describe, expect, test } from "vitest";
import { indexedFunctions } from "../../src/chain/abi.js";
import { presets } from "../../src/chain/presets.js";
import { createProgram } from "../../src/commands/createProgram.js";
import { type ChainOptions, settleChainOptions } from "../../src/commands/options/settleOptions.js";
import { codeSpansOf, markdownParts } from "./markdownParts.js";
import { repoRoot } from "./sourceFiles.js";

/**
 * Claims of the docs that once contradicted the code (issue 30), held to it: what they say is
 * read from the page, what is true from the code, so that a change to either shows here.
 */
const read = (path: string) => readFileSync(join(repoRoot, path), "utf8");

/** The paragraph (block of text) of a page that matches `pattern`: there must be one. */
function paragraph(page: string, pattern: RegExp): { text: string; line: number } {
  const block = markdownParts(read(page)).blocks.find((b) => pattern.test(b.text));
  if (!block) throw new Error(`${page}: no paragraph matches ${pattern}`);
  return block;
}

/** `run --flag a --flag b`, parsed by the real program (no action runs): the flag's value. */
function parsedTwice(flag: string, [a, b]: readonly [string, string]): unknown {
  const program = createProgram();
  let options: Record<string, unknown> = {};
  for (const command of [program, ...program.commands]) {
    command.exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  }
  const run = program.commands.find((command) => command.name() === "run") as Command;
  run.action((opts: Record<string, unknown>) => {
    options = opts;
  });
  program.parse(["run", flag, a, flag, b], { from: "user" });
  const option = run.options.find((o) => o.long === flag);
  return options[option?.attributeName() ?? ""];
}

/** Each repeatable flag of `run`, two values for it, and where its settled value shows them. */
const repeatable: Record<
  string,
  { values: [string, string]; settled: (options: ChainOptions) => unknown[] }
> = {
  "--rpc-url": {
    values: ["https://a.example/", "https://b.example/"],
    settled: (o) => o.endpoints.map((e) => e.url),
  },
  "--chain": { values: ["base", "arbitrum"], settled: (o) => o.chains ?? [] },
  "--contract": {
    values: [presets.base.contract, presets.arbitrum.contract],
    settled: (o) => [o.contract.all],
  },
  "--from-block": { values: ["1", "2"], settled: (o) => [o.fromBlock.all] },
  "--to-block": { values: ["10", "20"], settled: (o) => [o.toBlock.all] },
  "--confirmations": { values: ["1", "2"], settled: (o) => [o.confirmations.all] },
  "--accept-upgrade": { values: ["5", "6"], settled: (o) => o.acceptUpgrades.all },
};

describe("the docs agree with the code", () => {
  test("behavior: cli.md names exactly the flags that add up when given again; the others replace their value", () => {
    const { text } = paragraph("docs/cli.md", /add one more each time/);
    const sentence = text.slice(0, text.indexOf("add one more each time")).split(";").at(-1) ?? "";
    const named = [...sentence.matchAll(/`(--[a-z-]+)`/g)].map((m) => m[1]);
    // Every flag of run that collects its values is one of the table's.
    const program = createProgram();
    const run = program.commands.find((command) => command.name() === "run") as Command;
    const collecting = run.options
      .map((option) => option.long as string)
      .filter((flag) => {
        try {
          return Array.isArray(parsedTwice(flag, ["1", "2"]));
        } catch {
          return false; // a flag without a value
        }
      });
    expect(collecting.sort()).toEqual(Object.keys(repeatable).sort());
    const addingUp = Object.entries(repeatable)
      .filter(([flag, { values, settled }]) => {
        const raw = { [(run.options.find((o) => o.long === flag)?.attributeName() ?? "") as string]: values };
        return settled(settleChainOptions(raw, {})).length === 2;
      })
      .map(([flag]) => flag);
    expect(named.sort()).toEqual(addingUp.sort());
  });

  test("behavior: cli.md's --chain: any RPC_URL_<chainId> variable wins over the chains' public endpoints", () => {
    const { chains, endpoints } = settleChainOptions(
      { chain: ["base"] },
      { RPC_URL_42161: "https://arb.example" },
    );
    // The variable's endpoint, not Base's public one: it must serve Base, or the run exits 1.
    expect(chains).toEqual([presets.base.chainId]);
    expect(endpoints).toEqual([
      { url: "https://arb.example", source: "RPC_URL_42161", expectedChainId: 42161 },
    ]);
    expect(settleChainOptions({ chain: ["base"] }, {}).endpoints.map((e) => e.url)).toEqual([
      presets.base.rpcUrl,
    ]);
    const row = read("docs/cli.md")
      .split("\n")
      .find((line) => line.startsWith("| `--chain "));
    expect(row).toMatch(/Without `--rpc-url` and without any `RPC_URL` or `RPC_URL_<chainId>` variable/);
  });

  test("behavior: upgrades.md names exactly the functions whose cuts the code checks", () => {
    const { text } = paragraph("docs/upgrades.md", /The index depends on \w+ functions/);
    const sentence = text.slice(0, text.indexOf("[CHAIN.md]"));
    // The functions listed after the pointer to the code's list.
    const pointer = "src/chain/abi.ts`)";
    const list = sentence.slice(sentence.indexOf(pointer) + pointer.length);
    const named = codeSpansOf({ text: list, line: 1 })
      .map((span) => span.code)
      .filter((code) => /^[a-z][A-Za-z]+$/.test(code));
    expect(named.sort()).toEqual(Object.keys(indexedFunctions).sort());
    const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"];
    expect(sentence).toContain(`depends on ${words[named.length]} functions`);
  });

  test("behavior: the bench figures publishing.md and publish.yml quote are performance.md's", () => {
    const performance = read("docs/performance.md");
    const publishing = read("docs/publishing.md");
    const section = publishing.slice(
      publishing.indexOf("### What it costs"),
      publishing.indexOf("### The schedule"),
    );
    const figures = [
      ...section.matchAll(/\b\d[\d,]*(?:\.\d+)? (?:min|MB|s)\b/g),
      ...section.matchAll(/\b(\d[\d,]*) requests\b/g),
    ].map((m) => m[1] ?? m[0]);
    const workflow = read(".github/workflows/publish.yml");
    const quoted = /took (\d+(?:\.\d+)?) minutes in the\n\s*# bench/.exec(workflow)?.[1];
    expect(quoted).toBeDefined();
    figures.push(`${quoted} min`);
    expect(figures.length).toBeGreaterThan(8);
    const missing = figures.filter(
      (figure) => !new RegExp(`(^|[^\\d.,])${figure.replace(/[.]/g, "\\.")}(?![\\d])`, "m").test(performance),
    );
    expect(missing).toEqual([]);
  });

  test("error: a figure the bench never measured is found", () => {
    const performance = read("docs/performance.md");
    for (const figure of ["8.1 min", "8,682", "57 MB"]) {
      expect(new RegExp(`(^|[^\\d.,])${figure.replace(/[.]/g, "\\.")}(?![\\d])`, "m").test(performance)).toBe(
        false,
      );
    }
  });
});
