#!/usr/bin/env node
// The command-line entry point: runs the bundle that `npm ci` (prepare) and `npm run build` write.
import { existsSync } from "node:fs";

const bundle = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    "error: mor-throughput is not built: dist/cli.js is missing.\nRun `npm run build` (npm ci does it).\n",
  );
  process.exit(2);
}
await import(bundle.href);
