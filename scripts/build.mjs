// Bundles the TypeScript sources into dist/ so that `npx mor-throughput` needs no build step to remember.
// Runs on `npm ci` (prepare) and before the tests.
import { build } from "esbuild";

await build({
  entryPoints: { cli: "src/cli.ts", index: "src/index.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Dynamic imports (the demo's dev-chain tooling) become chunks loaded only when used.
  splitting: true,
  sourcemap: true,
  logLevel: "warning",
});
