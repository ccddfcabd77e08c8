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
  // The dependencies are bundled too: Node resolves and compiles one file instead of hundreds
  // (viem alone is several hundred modules), which halves the start-up of every command (a warm
  // `run` is mostly start-up). Left outside: the native addon, and the dev-chain tooling that only
  // the demo loads (solc, anvil's platform binaries).
  external: ["better-sqlite3", "solc", "@foundry-rs/*"],
  // Bundled CommonJS packages (ajv, commander) call require() for Node's built-in modules.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  // Dynamic imports (the demo's dev-chain tooling) become chunks loaded only when used.
  splitting: true,
  sourcemap: true,
  logLevel: "warning",
});
