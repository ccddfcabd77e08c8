// Builds everything dist/ holds, so that `npx mor-throughput` needs no build step to remember.
// Runs on `npm ci` (prepare), and before the integration tests (their global setup,
// test/support/buildDist.ts):
//   dist/cli.js, dist/index.js   the CLI and the package entry (one esbuild build: the code they
//                                share, the API's validators among it, is one chunk)
//   dist/types/                  the package's declarations (tsc), for `import ... from "mor-throughput"`
//   dist/dashboard/              the dashboard page and its content-hashed assets, which `build` publishes
//   packages/client/dist/        @mor-throughput/client, from the same src/index.ts (packages/client/build.mjs)
// Atomic: everything is written into a folder beside dist/ and swapped in at the end
// (scripts/swapIn.mjs), so a CLI started during a build runs the old build or the new one, never a
// half-written one. Its report (the dashboard's weight) goes to stderr: stdout stays for what a
// caller parses (`npm run bench -- --json`).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { buildClient } from "../packages/client/build.mjs";
import { inputsDigest } from "./buildInputs.mjs";
import { swapIn } from "./swapIn.mjs";

// Nothing to do when dist/ was built from these very inputs (`--force` builds anyway): a command
// that builds first (`npm run bench`) then leaves the CLI that is running elsewhere alone.
const inputs = inputsDigest(process.cwd());
const stampFile = join("dist", "build.json");
const built = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, "utf8")) : undefined;
if (
  !process.argv.includes("--force") &&
  built?.inputs === inputs &&
  existsSync(join("packages", "client", "dist"))
) {
  console.error(`dist/ is up to date (built ${built.builtAt} from the same sources)`);
  process.exit(0);
}

await swapIn("dist", async (dist) => {
  // The CLI bundles its dependencies too: Node then resolves and compiles one file instead of
  // hundreds (viem alone is several hundred modules), which halves the start-up of every command,
  // and an installed package needs none of them (they are devDependencies). Left outside: the
  // native addon and anvil's platform packages (the demo resolves its binary at run time). solc
  // too: the demo deploys the committed artifacts (src/devchain/artifacts, `npm run
  // build:contracts`); should run-time code import the compiler, the installed-package test fails
  // rather than the bundle silently growing by megabytes.
  await build({
    entryPoints: { cli: "src/cli.ts", index: "src/index.ts" },
    outdir: dist,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["better-sqlite3", "solc", "@foundry-rs/*"],
    // Bundled CommonJS packages (commander) call require() for Node's built-in modules.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    // Dynamic imports (the demo's dev chain) and what both entries share become chunks.
    splitting: true,
    sourcemap: true,
    logLevel: "warning",
  });

  // The dashboard: one script and one style sheet, named by content hash (served as immutable),
  // everything bundled (uPlot included): the page loads nothing from elsewhere.
  const dashboard = join(dist, "dashboard");
  const { metafile } = await build({
    entryPoints: { dashboard: "src/dashboard/main.ts" },
    outdir: join(dashboard, "assets"),
    entryNames: "[name]-[hash]",
    bundle: true,
    platform: "browser",
    // A classic script (not a module): browsers refuse module scripts on a page opened from disk
    // (file://), and the page must run there to say how to serve it instead.
    format: "iife",
    target: ["es2022", "chrome100", "firefox100", "safari15"],
    minify: true,
    metafile: true,
    legalComments: "linked",
    logLevel: "warning",
  });
  const outputs = Object.keys(metafile.outputs);
  const asset = (extension) => {
    const found = outputs.find((path) => path.endsWith(extension));
    if (!found) throw new Error(`the dashboard build wrote no ${extension} file`);
    return `assets/${basename(found)}`;
  };
  const html = readFileSync("src/dashboard/index.html", "utf8")
    .replace("{{script}}", asset(".js"))
    .replace("{{style}}", asset(".css"));
  writeFileSync(join(dashboard, "index.html"), html);

  // The dashboard's weight, measured from the metafile's outputs: what a visitor downloads
  // (minified) and what travels over the wire (gzip -9). Written beside dist/dashboard/ (not
  // published) and reported.
  const weight = { minified: 0, gzipped: 0, files: {} };
  for (const [path, { bytes }] of Object.entries(metafile.outputs)) {
    const gzipped = gzipSync(readFileSync(path), { level: 9 }).length;
    weight.files[basename(path)] = { minified: bytes, gzipped };
    weight.minified += bytes;
    weight.gzipped += gzipped;
  }
  writeFileSync(join(dist, "dashboard-size.json"), `${JSON.stringify(weight, null, 2)}\n`);
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.error(
    `dashboard: ${kB(weight.minified)} minified, ${kB(weight.gzipped)} gzipped (script and style sheet)`,
  );

  execFileSync(
    process.execPath,
    ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json", "--outDir", join(dist, "types")],
    { stdio: ["ignore", process.stderr, process.stderr] },
  );

  // Which build this is: the test suite checks that no build happened while its tests ran.
  const stamp = { builtAt: new Date().toISOString(), inputs, pid: process.pid, parent: process.ppid };
  writeFileSync(join(dist, "build.json"), `${JSON.stringify(stamp)}\n`);
});

await buildClient();
