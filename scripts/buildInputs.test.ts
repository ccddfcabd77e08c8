import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { inputsDigest } from "./buildInputs.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "mor-inputs-"));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("inputsDigest (when the build may skip)", () => {
  const paths = ["src", "package.json"];
  const files = { "src/a.ts": "a", "src/b/c.ts": "c", "package.json": "{}" };

  test("default: the same inputs give the same digest; tests beside the sources do not count", () => {
    const one = inputsDigest(tree(files), paths);
    expect(inputsDigest(tree(files), paths)).toBe(one);
    expect(inputsDigest(tree({ ...files, "src/a.test.ts": "t" }), paths)).toBe(one);
  });

  test("behavior: a file changed, added, removed or renamed gives another digest", () => {
    const one = inputsDigest(tree(files), paths);
    expect(inputsDigest(tree({ ...files, "src/a.ts": "A" }), paths)).not.toBe(one);
    expect(inputsDigest(tree({ ...files, "src/d.ts": "" }), paths)).not.toBe(one);
    const { "src/b/c.ts": _removed, ...fewer } = files;
    expect(inputsDigest(tree(fewer), paths)).not.toBe(one);
    expect(inputsDigest(tree({ ...fewer, "src/b/e.ts": "c" }), paths)).not.toBe(one);
  });
});
