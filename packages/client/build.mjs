// Builds @mor-throughput/client from the indexer's own public entry, src/index.ts (one source of
// the contract: src/api/ and the JSON Schemas of schemas/, which the bundles carry inline):
//   dist/esm/index.js + .d.ts   for `import`        (the package is "type": "module")
//   dist/cjs/index.js + .d.ts   for `require()`     (dist/cjs/package.json says "commonjs")
// No dependency: the schemas' validators are compiled ahead of time (src/api/schemaValidators.js),
// so ajv is not needed at run time. Run by the root build (scripts/build.mjs) and by `npm pack`
// (prepack).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { swapIn } from "../../scripts/swapIn.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

export async function buildClient() {
  // Written beside dist/ and swapped in (scripts/swapIn.mjs): never half-written.
  await swapIn(join(here, "dist"), writeClient);
}

async function writeClient(dist) {
  for (const format of ["esm", "cjs"]) {
    await build({
      entryPoints: [join(root, "src", "index.ts")],
      outfile: join(dist, format, "index.js"),
      bundle: true,
      // Browsers and Node alike: fetch, URL and Headers are all it uses.
      platform: "neutral",
      mainFields: ["module", "main"],
      format,
      target: "es2022",
      sourcemap: true,
      logLevel: "warning",
    });
  }
  writeFileSync(join(dist, "cjs", "package.json"), '{ "type": "commonjs" }\n');
  execFileSync(
    process.execPath,
    [
      join(root, "node_modules", "typescript", "bin", "tsc"),
      "-p",
      join(here, "tsconfig.json"),
      "--outDir",
      join(dist, "types"),
    ],
    { stdio: ["ignore", process.stderr, process.stderr] },
  );
  // The same declarations beside each bundle: TypeScript reads them as ES module or CommonJS
  // declarations by the folder's package type, as Node reads the bundles.
  for (const format of ["esm", "cjs"]) {
    mkdirSync(join(dist, format), { recursive: true });
    cpSync(join(dist, "types"), join(dist, format), { recursive: true });
  }
  rmSync(join(dist, "types"), { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildClient();
