import { describe, expect, test } from "vitest";
import { apiSchemas } from "../../src/api/apiSchemas.js";
import { validators } from "../../src/api/schemaValidators.js";
import { generateSchemaValidators } from "./generateSchemaValidators.js";

describe("schemaValidators", () => {
  test("default: the committed validators are what schemas/ compiles to (`npm run generate:types` updates them)", async () => {
    await expect(generateSchemaValidators()).toMatchFileSnapshot("../../src/api/schemaValidators.js");
  });

  test("behavior: one validator per schema, each rejecting what its schema rejects", () => {
    expect(Object.keys(validators)).toEqual(Object.keys(apiSchemas));
    const validate = validators["summary.schema.json"];
    expect(validate?.({})).toBe(false);
    expect(validate?.errors?.map((error) => error.keyword)).toContain("required");
  });

  test("error: a schema whose compiled code would need ajv at run time is refused, naming the helper", () => {
    const named = { $id: "named.schema.json", type: "string", minLength: 1 };
    expect(() => generateSchemaValidators({ "named.schema.json": named })).toThrow(
      /need ajv at run time \(require\("ajv\/dist\/runtime\/ucs2length"\)\)/,
    );
  });
});
