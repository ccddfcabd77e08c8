import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { swapIn } from "./swapIn.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = join(tmpdir(), `mor-swapin-${process.pid}-${dirs.length}`);
  mkdirSync(dir);
  dirs.push(dir);
  return dir;
}

describe("swapIn (the build's atomic write of dist/)", () => {
  test("default: while the new build is written, the old one stays whole; then the new one replaces it", async () => {
    const root = scratch();
    const dist = join(root, "dist");
    mkdirSync(dist);
    writeFileSync(join(dist, "cli.js"), "old");
    writeFileSync(join(dist, "chunk-old.js"), "old");
    const seen: string[] = [];
    await swapIn(dist, async (next: string) => {
      for (let i = 0; i < 20; i++) {
        writeFileSync(join(next, `chunk-${i}.js`), "new");
        await new Promise((resolve) => setTimeout(resolve, 1));
        seen.push(readFileSync(join(dist, "cli.js"), "utf8"));
      }
      writeFileSync(join(next, "cli.js"), "new");
    });
    expect(new Set(seen)).toEqual(new Set(["old"]));
    expect(readFileSync(join(dist, "cli.js"), "utf8")).toBe("new");
    // Nothing of the old build is left beside the new one, and no temporary folder remains.
    expect(existsSync(join(dist, "chunk-old.js"))).toBe(false);
    expect(readdirSync(root)).toEqual(["dist"]);
  });

  test("error: a build that fails leaves dist/ as it was, and no temporary folder", async () => {
    const root = scratch();
    const dist = join(root, "dist");
    mkdirSync(dist);
    writeFileSync(join(dist, "cli.js"), "old");
    await expect(
      swapIn(dist, async (next: string) => {
        writeFileSync(join(next, "cli.js"), "half");
        throw new Error("esbuild failed");
      }),
    ).rejects.toThrow("esbuild failed");
    expect(readFileSync(join(dist, "cli.js"), "utf8")).toBe("old");
    expect(readdirSync(root)).toEqual(["dist"]);
  });
});
