#!/usr/bin/env node
// The command-line entry point: runs the bundle that `npm ci` (prepare) and `npm run build` write.
import { existsSync } from "node:fs";

const bundle = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(bundle)) {
  // Not a bug but a setup step left out (`npm ci --ignore-scripts`, a clone without `npm ci`):
  // a person builds it, no retry helps, so exit 1 (docs/cli.md, "Exit codes").
  process.stderr.write(
    "error: mor-throughput is not built: dist/cli.js is missing.\nExpected a built checkout: run `npm run build` (`npm ci` runs it, unless scripts are ignored).\n",
  );
  process.exit(1);
}
await import(bundle.href);
