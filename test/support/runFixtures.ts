import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory for the fixtures the files of this run share (onceAcrossWorkers), `inject`ed. */
    runFixtures: string;
  }
}

/**
 * Global setup of the integration project: a fresh directory for the fixtures its files share,
 * removed after the run (and made anew before each rerun in watch mode, so that a rerun never
 * reads a fixture the code before the change made).
 */
export default function setup(project: TestProject): () => void {
  let dir = fresh(project);
  project.onTestsRerun(() => {
    rmSync(dir, { recursive: true, force: true });
    dir = fresh(project);
  });
  return () => rmSync(dir, { recursive: true, force: true });
}

function fresh(project: TestProject): string {
  const dir = mkdtempSync(join(tmpdir(), "mor-run-fixtures-"));
  project.provide("runFixtures", dir);
  return dir;
}
