import { Ajv2020 } from "ajv/dist/2020.js";
import { apiSchemas } from "./apiSchemas.js";

export type Validator = {
  /** Problems with one file's parsed JSON, empty when valid. */
  validate(schemaFile: string, value: unknown): string[];
};

let cached: Validator | undefined;

/** Compiles the JSON Schemas in schemas/ (draft 2020-12) with ajv, once per process. */
export function createValidator(): Validator {
  if (cached) return cached;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  for (const schema of Object.values(apiSchemas)) ajv.addSchema(schema);
  cached = {
    validate(schemaFile, value) {
      // ajv compiles a schema on its first use and keeps the function.
      const validate = ajv.getSchema(schemaFile);
      if (!validate) throw new Error(`no schema ${schemaFile} in schemas/`);
      if (validate(value)) return [];
      return (validate.errors ?? []).map(
        (error) => `${error.instancePath || "/"} ${error.message ?? "is invalid"}${paramsText(error.params)}`,
      );
    },
  };
  return cached;
}

function paramsText(params: Record<string, unknown>): string {
  const entries = Object.entries(params).filter(([, value]) => typeof value !== "object");
  return entries.length > 0
    ? ` (${entries.map(([key, value]) => `${key}: ${String(value)}`).join(", ")})`
    : "";
}
