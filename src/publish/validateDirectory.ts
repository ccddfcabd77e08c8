import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createValidator } from "../api/createValidator.js";
import { apiPath, fileSchemas } from "../api/fileSchemas.js";

/**
 * Checks a published directory: every file of SPEC.md present, JSON, valid against its
 * schema, and no other bucket under rollup/. Returns the problems found (none: valid).
 */
export function validateDirectory(dir: string): string[] {
  const root = join(dir, apiPath);
  if (!existsSync(root) || !statSync(root).isDirectory())
    return [`${root} does not exist: nothing published there`];
  const validator = createValidator();
  const problems: string[] = [];
  for (const [path, schema] of Object.entries(fileSchemas)) {
    const file = join(root, path);
    if (!existsSync(file)) {
      problems.push(`${path}: missing`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${path}: not JSON (${(error as Error).message})`);
      continue;
    }
    for (const problem of validator.validate(schema, value)) problems.push(`${path}: ${problem}`);
  }
  const rollupDir = join(root, "rollup");
  if (existsSync(rollupDir)) {
    const allowed = new Set(Object.keys(fileSchemas).filter((path) => path.startsWith("rollup/")));
    for (const name of readdirSync(rollupDir)) {
      if (!allowed.has(`rollup/${name}`))
        problems.push(`rollup/${name}: not part of the API (SPEC.md allows no other file here)`);
    }
  }
  return problems;
}
