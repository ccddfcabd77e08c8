import { describe, expect, test } from "vitest";
import { createValidator } from "./createValidator.js";

describe("createValidator", () => {
  test("default: a valid file has no problems; an invalid one, each with its path and ajv's message", () => {
    const { validate } = createValidator();
    expect(validate("models.schema.json", { models: [] })).toEqual([]);
    expect(validate("models.schema.json", { models: [{ modelId: "0x1", name: 7, windows: {} }] })).toEqual([
      expect.stringMatching(/^\/models\/0\/modelId must match pattern /),
      "/models/0/name must be string (type: string)",
      ...["24h", "7d", "30d", "all"].map(
        (window) => `/models/0/windows must have required property '${window}' (missingProperty: ${window})`,
      ),
    ]);
  });

  test("error: a schema that does not exist throws, whatever its name (also an Object method's)", () => {
    const { validate } = createValidator();
    for (const name of ["nosuch.schema.json", "toString", "constructor", "hasOwnProperty"]) {
      expect(() => validate(name, {}), name).toThrow(`no schema ${name} in schemas/`);
    }
  });
});
