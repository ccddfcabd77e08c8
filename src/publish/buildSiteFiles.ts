import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { apiSchemas } from "../api/apiSchemas.js";
import { apiPath } from "../api/fileSchemas.js";
import { BaseError } from "../errors/BaseError.js";
import { packageRoot } from "../util/packageRoot.js";
import { buildOpenApi, openApiPath, schemasPath } from "./buildOpenApi.js";
import { renderHeadersFile } from "./headers.js";

/**
 * Everything a publication holds besides the data, by path in the release: the dashboard
 * (index.html, assets/), the hosts' `_headers`, the JSON Schemas and the OpenAPI document.
 * Published in the same atomic release as the data, so the page always matches its API.
 */
export function buildSiteFiles(): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const [path, content] of readDashboard()) files.set(path, content);
  files.set("_headers", renderHeadersFile());
  for (const [file, schema] of Object.entries(apiSchemas))
    files.set(`${apiPath}/${schemasPath}/${file}`, `${JSON.stringify(schema, null, 2)}\n`);
  files.set(`${apiPath}/${openApiPath}`, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
  return files;
}

/** The page `npm run build` wrote into dist/dashboard/ (scripts/build.mjs). */
function readDashboard(): Map<string, Uint8Array> {
  const root = join(packageRoot(), "dist", "dashboard");
  if (!existsSync(join(root, "index.html"))) {
    throw new BaseError("The dashboard is not built: dist/dashboard/index.html is missing", {
      details: "Run `npm run build` (npm ci does it).",
    });
  }
  const files = new Map<string, Uint8Array>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path).split(sep).join("/"), readFileSync(path));
    }
  };
  walk(root);
  return files;
}
