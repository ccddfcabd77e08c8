import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { apiSchemas } from "../../src/api/apiSchemas.js";

/** The export name of a schema's compiled function: `audit.schema.json` → `audit_schema_json`. */
const exportName = (schemaFile: string) => schemaFile.replace(/\W/g, "_");

/**
 * The validators of every JSON Schema of schemas/, compiled ahead of time (ajv's standalone code,
 * draft 2020-12, all errors, strict): an ES module that needs no ajv at run time and compiles
 * nothing, so a command that validates starts some 200 ms sooner, and the typed client carries no
 * code generator (nor `new Function`, which a strict Content-Security-Policy refuses). Its output
 * is committed as schemaValidators.js; a test regenerates it and fails when it differs
 * (`npm run generate:types` rewrites it). Compiling here also checks every schema against the
 * draft's meta-schema.
 */
export function generateSchemaValidators(schemas: Readonly<Record<string, object>> = apiSchemas): string {
  const ajv = new Ajv2020({ allErrors: true, strict: true, code: { source: true, esm: true } });
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  const files = Object.keys(schemas);
  const code = standaloneCode.default(ajv, Object.fromEntries(files.map((file) => [exportName(file), file])));
  // Some keywords (minLength, uniqueItems, const of an object, ...) make ajv's standalone code
  // require() its run-time helpers, even as an ES module: that module would not load as ESM, and
  // the bundles would quietly carry parts of ajv again.
  const runtime = code.match(/require\("[^"]+"\)/);
  if (runtime) {
    throw new Error(
      `the compiled validators need ajv at run time (${runtime[0]}): a schema uses a keyword whose standalone code requires a helper; change the schema or bundle the helper`,
    );
  }
  const table = files.map((file) => `  ${JSON.stringify(file)}: ${exportName(file)},`).join("\n");
  return [
    "// Generated from schemas/ by scripts/generate/generateSchemaValidators.ts: do not edit, run `npm run generate:types`.",
    code,
    "/** Every schema's compiled validator, by schema file name (no prototype: `toString` is no schema). */",
    `export const validators = {\n  __proto__: null,\n${table}\n};`,
    "",
  ].join("\n");
}
