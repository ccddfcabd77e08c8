import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packageRoot } from "../../src/util/packageRoot.js";
import { type Lockfile, lockForTarball, type Manifest } from "./lockForTarball.js";

const manifest: Manifest = {
  name: "pkg",
  version: "1.0.0",
  dependencies: { a: "^1.0.0" },
  optionalDependencies: { native: "^2.0.0" },
};

const checkout: Lockfile = {
  lockfileVersion: 3,
  packages: {
    "": { name: "pkg", dependencies: { a: "^1.0.0" }, devDependencies: { tool: "^1.0.0" } },
    "node_modules/a": { version: "1.0.0", dependencies: { b: "^2.0.0", c: "^1.0.0" } },
    "node_modules/a/node_modules/b": {
      version: "2.0.0",
      peerDependencies: { p: "*", q: "*" },
      peerDependenciesMeta: { q: { optional: true } },
    },
    "node_modules/b": { version: "1.0.0", dev: true },
    "node_modules/c": { version: "1.0.0", devOptional: true },
    "node_modules/p": { version: "1.0.0", peer: true },
    "node_modules/q": { version: "1.0.0", dev: true },
    "node_modules/tool": { version: "1.0.0", dev: true },
  },
};

describe("lockForTarball", () => {
  test("behavior: the tarball's run-time closure as Node resolves it, nested first; required peers in, dev and optional peers out", () => {
    const { packageJson, lock } = lockForTarball(checkout, manifest, "file:../pkg-1.0.0.tgz");
    expect(packageJson).toEqual({
      name: "installed-app",
      private: true,
      dependencies: { pkg: "file:../pkg-1.0.0.tgz" },
    });
    expect(lock.packages).toEqual({
      "": { name: "installed-app", dependencies: { pkg: "file:../pkg-1.0.0.tgz" } },
      "node_modules/pkg": {
        version: "1.0.0",
        resolved: "file:../pkg-1.0.0.tgz",
        dependencies: { a: "^1.0.0" },
        optionalDependencies: { native: "^2.0.0" },
      },
      "node_modules/a": { version: "1.0.0", dependencies: { b: "^2.0.0", c: "^1.0.0" } },
      "node_modules/a/node_modules/b": checkout.packages["node_modules/a/node_modules/b"],
      "node_modules/c": { version: "1.0.0", optional: true },
      "node_modules/p": { version: "1.0.0" },
    });
  });

  test("error: a dependency the checkout's lock lacks is named", () => {
    const lacking = { ...manifest, dependencies: { a: "^1.0.0", missing: "^1.0.0" } };
    expect(() => lockForTarball(checkout, lacking, "file:../pkg-1.0.0.tgz")).toThrow(
      "missing, needed by pkg, is not in the checkout's package-lock.json",
    );
  });

  test("behavior: for this package, the run-time dependencies and anvil's platform builds, no dev tools", () => {
    const read = (file: string) => JSON.parse(readFileSync(join(packageRoot(), file), "utf8"));
    const { lock } = lockForTarball(read("package-lock.json"), read("package.json"), "file:../t.tgz");
    const keys = Object.keys(lock.packages);
    expect(keys).toEqual(
      expect.arrayContaining([
        "node_modules/better-sqlite3",
        "node_modules/@foundry-rs/anvil",
        "node_modules/@foundry-rs/anvil-linux-amd64",
      ]),
    );
    // What the CLI bundles (viem, drizzle-orm, commander, p-queue) is not installed with it.
    for (const devTool of [
      "vitest",
      "esbuild",
      "typescript",
      "solc",
      "ajv",
      "viem",
      "drizzle-orm",
      "commander",
    ])
      expect(keys).not.toContain(`node_modules/${devTool}`);
  });
});
