import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { filesUnder, repoRoot } from "./sourceFiles.js";

/**
 * The owner's rule: a measurement and a projection are different things, and the sign "greater
 * than or equal" (U+2265) is never put on a projection. Nowhere in the repository does it stand
 * before a ratio (a goal says "at least 50×", a measured lower bound "more than 6×"), nor on a
 * line that speaks of projecting.
 */
const sign = "\u2265";
const beforeRatio = new RegExp(`${sign}\\s*~?[\\d.,]+\\s*\u00d7`);
const text = /\.(ts|mts|mjs|js|md|json|ya?ml|sol|svg|txt|html|css)$/;

describe("no bound on a projection", () => {
  test("behavior: no ratio after the sign, no sign beside a projection, in any file of the repository", () => {
    const offending: string[] = [];
    for (const path of filesUnder(".", (name) => text.test(name))) {
      readFileSync(join(repoRoot, path), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (line.includes(sign) && (beforeRatio.test(line) || /project/i.test(line)))
            offending.push(`${path}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(offending).toEqual([]);
  });
});
