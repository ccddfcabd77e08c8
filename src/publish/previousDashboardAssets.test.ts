import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { previousDashboardAssets } from "./previousDashboardAssets.js";
import { publishRelease } from "./publishRelease.js";

let out: string;

beforeEach(() => {
  out = join(mkdtempSync(join(tmpdir(), "mor-assets-")), "out");
});

afterEach(() => {
  rmSync(join(out, ".."), { recursive: true, force: true });
});

/** A release whose page (version `name`) loads assets/{name}.js and assets/{name}.css. */
function release(name: string, data = "1"): Map<string, string | Uint8Array> {
  return new Map<string, string | Uint8Array>([
    [
      "index.html",
      `<link rel="stylesheet" href="assets/${name}.css" /><script defer src="./assets/${name}.js"></script>`,
    ],
    [`assets/${name}.js`, `/* ${name} */`],
    [`assets/${name}.css`, `/* ${name} */`],
    ["api/throughput/summary.json", `{"value":${data}}`],
  ]);
}

/** What the publisher does: the new release plus what it carries, published. */
function publish(files: Map<string, string | Uint8Array>): string[] {
  for (const [path, content] of previousDashboardAssets(out, files)) files.set(path, content);
  publishRelease(out, files);
  return readdirSync(join(out, "assets")).sort();
}

describe("previousDashboardAssets", () => {
  test("default: nothing to carry into an empty directory, nor from a release of the same page", () => {
    expect(previousDashboardAssets(out, release("a"))).toEqual(new Map());
    expect(publish(release("a"))).toEqual(["a.css", "a.js"]);
    expect(previousDashboardAssets(out, release("a", "2"))).toEqual(new Map());
  });

  test("behavior: after an upgrade the previous page's assets stay, byte for byte, until the page changes again", () => {
    publish(release("a"));
    expect(publish(release("b"))).toEqual(["a.css", "a.js", "b.css", "b.js"]);
    expect(readFileSync(join(out, "assets/a.js"), "utf8")).toBe("/* a */");
    // The next publications of the same page (the hourly runs) keep carrying them.
    expect(publish(release("b", "2"))).toEqual(["a.css", "a.js", "b.css", "b.js"]);
    expect(publish(release("b", "3"))).toEqual(["a.css", "a.js", "b.css", "b.js"]);
    // The next upgrade carries b's and drops a's: never more than one other page's assets.
    expect(publish(release("c"))).toEqual(["b.css", "b.js", "c.css", "c.js"]);
    // Back to a page whose assets are carried: they are its own again, and c's are carried.
    expect(publish(release("b", "4"))).toEqual(["b.css", "b.js", "c.css", "c.js"]);
  });
});
