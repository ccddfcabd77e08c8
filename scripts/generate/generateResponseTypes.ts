import { join } from "node:path";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import { apiPath, fileSchemas } from "../../src/api/fileSchemas.js";
import { packageRoot } from "../../src/util/packageRoot.js";

/**
 * The TypeScript types of every response, generated from schemas/ (json-schema-to-typescript):
 * one interface per schema title, and `ApiResponses`, each published path to its type. Its
 * output is committed as responseTypes.ts; a test regenerates it and fails when it differs
 * (`npm run generate:types` rewrites it).
 */
export async function generateResponseTypes(): Promise<string> {
  const properties: Record<string, JSONSchema> = {};
  for (const [path, schemaFile] of Object.entries(fileSchemas)) properties[path] = { $ref: schemaFile };
  const root: JSONSchema = {
    title: "ApiResponses",
    description: `Every published file, by path below ${apiPath}/.`,
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
  return compile(root, "ApiResponses", {
    cwd: join(packageRoot(), "schemas"),
    bannerComment:
      "/* Generated from schemas/ by scripts/generate/generateResponseTypes.ts: do not edit, run `npm run generate:types`. */",
    style: { printWidth: 110 },
  });
}
