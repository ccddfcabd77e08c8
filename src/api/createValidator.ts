import { validators } from "./schemaValidators.js";

export type Validator = {
  /** Problems with one file's parsed JSON, empty when valid. */
  validate(schemaFile: string, value: unknown): string[];
};

/**
 * Checks parsed JSON against the JSON Schemas in schemas/ (draft 2020-12), with the validators ajv
 * compiled ahead of time (schemaValidators.js): nothing is compiled at run time.
 */
export function createValidator(): Validator {
  return {
    validate(schemaFile, value) {
      const validate = validators[schemaFile];
      if (!validate) throw new Error(`no schema ${schemaFile} in schemas/`);
      if (validate(value)) return [];
      return (validate.errors ?? []).map(
        (error) => `${error.instancePath || "/"} ${error.message ?? "is invalid"}${paramsText(error.params)}`,
      );
    },
  };
}

function paramsText(params: Record<string, unknown>): string {
  const entries = Object.entries(params).filter(([, value]) => typeof value !== "object");
  return entries.length > 0
    ? ` (${entries.map(([key, value]) => `${key}: ${String(value)}`).join(", ")})`
    : "";
}
