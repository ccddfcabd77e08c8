import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { apiSchemas } from "../schemas/apiSchemas.js";

export type Validator = {
  /** Problems with one file's parsed JSON, empty when valid. */
  validate(schemaFile: string, value: unknown): string[];
  /** Every schema, by file name, as committed in schemas/. */
  readonly schemas: ReadonlyMap<string, object>;
};

let cached: Validator | undefined;

/** Compiles the JSON Schemas in schemas/ (draft 2020-12) with ajv. */
export function createValidator(): Validator {
  if (cached) return cached;
  const schemas = new Map(Object.entries(apiSchemas));
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  for (const schema of schemas.values()) ajv.addSchema(schema);
  const compiled = new Map<string, ValidateFunction>();
  cached = {
    schemas,
    validate(schemaFile, value) {
      let validate = compiled.get(schemaFile);
      if (!validate) {
        const found = ajv.getSchema(schemaFile);
        if (!found) throw new Error(`no schema ${schemaFile} in schemas/`);
        validate = found;
        compiled.set(schemaFile, validate);
      }
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
