import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Makes a fixture once for every test file of a run, whichever worker process runs them: the
 * first caller makes it (`make` into `dir/name`), the others, here or in another worker, wait
 * until it is made and get the same path. Whichever file comes first makes it, so no file
 * depends on another's order. A failure to make it fails every caller, with its message.
 * `dir` lives as long as the run (test/support/runFixtures.ts); the fixture is read only.
 */
export async function onceAcrossWorkers(
  dir: string,
  name: string,
  make: (path: string) => Promise<void>,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<string> {
  const path = join(dir, name);
  const made = `${path}.made`;
  const failed = `${path}.failed`;
  if (claim(`${path}.lock`)) {
    try {
      await make(path);
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
    writeFileSync(made, "");
    return path;
  }
  const timeoutMs = options.timeoutMs ?? 300_000;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (existsSync(made)) return path;
    if (existsSync(failed))
      throw new Error(`${name}: making it failed in another test file:\n${readFileSync(failed, "utf8")}`);
    if (performance.now() > deadline)
      throw new Error(
        `${name}: another test file began making it and has not finished after ${timeoutMs} ms`,
      );
    await sleep(options.pollMs ?? 100);
  }
}

/** Creates `lock` if nobody has: true for the one caller that did. */
function claim(lock: string): boolean {
  try {
    closeSync(openSync(lock, "wx"));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}
