import { describe, expect, test } from "vitest";
import { generateResponseTypes } from "./generateResponseTypes.js";

describe("responseTypes", () => {
  test("default: the committed types are what schemas/ generates (`npm run generate:types` updates them)", async () => {
    await expect(await generateResponseTypes()).toMatchFileSnapshot("../../src/api/responseTypes.ts");
  });
});
