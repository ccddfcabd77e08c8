import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packageRoot } from "../util/packageRoot.js";
import { apiSchemas } from "./apiSchemas.js";

describe("apiSchemas", () => {
  test("default: holds every file of schemas/, as committed", () => {
    const dir = join(packageRoot(), "schemas");
    const files = readdirSync(dir).filter((name) => name.endsWith(".schema.json"));
    expect(Object.keys(apiSchemas).sort()).toEqual(files.sort());
    for (const file of files)
      expect(apiSchemas[file], file).toEqual(JSON.parse(readFileSync(join(dir, file), "utf8")));
  });

  test("behavior: each schema's $id is its file name, so relative references resolve beside it", () => {
    for (const [file, schema] of Object.entries(apiSchemas))
      expect((schema as { $id: string }).$id).toBe(file);
  });
});
