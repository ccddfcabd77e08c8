import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";

/**
 * A temporary directory for this file (or describe block): its path now, the directory itself
 * (empty, private) from before the first test until after the last, when it goes with everything
 * in it. A suite whose tests are all skipped creates nothing.
 */
export function useTempDir(prefix: string): string {
  const dir = join(tmpdir(), `${prefix}${randomBytes(6).toString("hex")}`);
  beforeAll(() => {
    mkdirSync(dir, { mode: 0o700 });
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
