import { Validator } from "@seriousme/openapi-schema-validator";

/**
 * Validates an OpenAPI document with its external schemas (@seriousme/openapi-schema-validator).
 * The validator matches external references by their text, so each schema is registered under
 * the name the document uses (./schemas/x) and the one the schemas use among themselves (their
 * $id, x): both name the same published file.
 */
export async function validateOpenApi(
  document: object,
  schemas: Record<string, object>,
): Promise<{ valid: boolean; errors?: unknown }> {
  const validator = new Validator();
  for (const [file, schema] of Object.entries(schemas)) {
    await validator.addSpecRef(structuredClone(schema) as Record<string, unknown>, `./schemas/${file}`);
    await validator.addSpecRef(structuredClone(schema) as Record<string, unknown>, file);
  }
  return validator.validate(structuredClone(document) as Record<string, unknown>);
}
