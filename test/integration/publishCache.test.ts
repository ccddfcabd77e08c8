import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { commandLinesOf } from "../repo/commandLinesOf.js";
import { shellCommands } from "../repo/shellCommands.js";
import { repoRoot } from "../repo/sourceFiles.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * The publish workflow's recovery, exercised: publish.yml's publish and prune-cache jobs are
 * played step by step, their `if`s and `${{ }}` expressions evaluated, their `run` steps run with
 * bash as the runner does. Around them: a fake `gh` on PATH that serves and changes a fake cache
 * listing and records its calls; actions/cache/restore and save played against the same listing
 * (GitHub's matching: the exact key, else the newest entry its key prefixes); and fake `npm` and
 * `npx`, whose `mor-throughput run` appends the run's id to data/throughput.sqlite and exits as
 * the scenario says, so that what a run restores shows the runs it descends from.
 */
const workflow = parse(readFileSync(join(repoRoot, ".github/workflows/publish.yml"), "utf8")) as Workflow;
const ref = "refs/heads/main";

type Step = {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string | boolean>;
};
type Job = { if?: string; env?: Record<string, string>; steps: Step[] };
type Workflow = { jobs: Record<string, Job> };
type Entry = { id: number; key: string; createdAt: string; ref: string };
type StepResult = { outcome: string; outputs: Record<string, string> };

/** How a run's steps end: the CLI's exit code ("killed": the job's timeout mid-run), validate's, the deployment. */
type Scenario = {
  exit: number | "killed";
  validate?: number;
  deploy?: "success" | "failure";
  /** GitHub evicts the chosen entry between the choice and the restore. */
  evict?: boolean;
};

const fakeGh = `#!${process.execPath}
// Stands in for the GitHub CLI's cache commands, over the listing in $FAKE_GH_STATE.
const fs = require("node:fs");
const args = process.argv.slice(2);
fs.appendFileSync(process.env.FAKE_GH_LOG, JSON.stringify({ args, token: Boolean(process.env.GH_TOKEN) }) + "\\n");
if (process.env.FAKE_GH_FAIL) {
  process.stderr.write(process.env.FAKE_GH_FAIL + "\\n");
  process.exit(1);
}
const state = JSON.parse(fs.readFileSync(process.env.FAKE_GH_STATE, "utf8"));
const flag = (name) => { const at = args.indexOf(name); return at < 0 ? undefined : args[at + 1]; };
if (args[0] === "cache" && args[1] === "list") {
  const fields = (flag("--json") ?? "id,key").split(",");
  const entries = state.entries
    .filter((entry) => entry.key.startsWith(flag("--key") ?? ""))
    .sort((a, b) => a.key.localeCompare(b.key)) // not by age: the script sorts for itself
    .slice(0, Number(flag("--limit") ?? 30))
    .map((entry) => Object.fromEntries(fields.map((field) => [field, entry[field]])));
  process.stdout.write(JSON.stringify(entries));
} else if (args[0] === "cache" && args[1] === "delete") {
  const at = state.entries.findIndex((entry) => String(entry.id) === args[2]);
  if (at < 0) { process.stderr.write("HTTP 404: Not Found\\n"); process.exit(1); }
  state.entries.splice(at, 1);
  fs.writeFileSync(process.env.FAKE_GH_STATE, JSON.stringify(state));
} else {
  process.stderr.write("fake gh: unknown command " + args.join(" ") + "\\n");
  process.exit(2);
}
`;

const fakeNpx = `#!/bin/bash
# Stands in for npx mor-throughput: run appends the run's id to the database, then exits as told.
case "$2" in
  run) mkdir -p data out; echo "$GITHUB_RUN_ID" >> data/throughput.sqlite; echo "release of $GITHUB_RUN_ID" > out/current; exit "$FAKE_RUN_EXIT" ;;
  validate) exit "$FAKE_VALIDATE_EXIT" ;;
  *) echo "fake npx: $*" >&2; exit 2 ;;
esac
`;

/** A fake cache (its listing is the fake gh's), the fakes on PATH, and a runner for publish.yml. */
function setUp(dir: string) {
  const bin = join(dir, "bin");
  const store = join(dir, "store");
  mkdirSync(bin, { recursive: true });
  mkdirSync(store, { recursive: true });
  writeFileSync(join(bin, "gh"), fakeGh);
  writeFileSync(join(bin, "npx"), fakeNpx);
  writeFileSync(join(bin, "npm"), "#!/bin/bash\nexit 0\n");
  for (const name of ["gh", "npx", "npm"]) chmodSync(join(bin, name), 0o755);
  const statePath = join(dir, "cache.json");
  const ghLog = join(dir, "gh.log");
  writeFileSync(statePath, JSON.stringify({ entries: [] }));
  writeFileSync(ghLog, "");
  let clock = 0;
  let nextId = 1;

  const cache = {
    entries: (): Entry[] => (JSON.parse(readFileSync(statePath, "utf8")) as { entries: Entry[] }).entries,
    keys: () => cache.entries().map((entry) => entry.key),
    write: (entries: Entry[]) => writeFileSync(statePath, JSON.stringify({ entries })),
    /** An entry saved by hand (another branch's, an older workflow's), holding `lineage`. */
    add(key: string, lineage: string[], onRef = ref) {
      const id = nextId++;
      mkdirSync(join(store, String(id), "data"), { recursive: true });
      writeFileSync(
        join(store, String(id), "data", "throughput.sqlite"),
        lineage.map((l) => `${l}\n`).join(""),
      );
      const createdAt = new Date(Date.UTC(2026, 0, 1) + clock++ * 3_600_000).toISOString();
      cache.write([...cache.entries(), { id, key, createdAt, ref: onRef }]);
    },
  };
  const ghCalls = () =>
    readFileSync(ghLog, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { args: string[] }).args.join(" "));

  const baseEnv = (workspace: string, runId: number, extra: Record<string, string> = {}) => ({
    ...process.env,
    // The fakes first, then this very node (for the steps' and the docs' `node ...`).
    PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH}`,
    FAKE_GH_STATE: statePath,
    FAKE_GH_LOG: ghLog,
    GITHUB_REF: ref,
    GITHUB_RUN_ID: String(runId),
    GITHUB_RUN_ATTEMPT: "1",
    GITHUB_REPOSITORY: "you/mor-throughput",
    GITHUB_WORKSPACE: workspace,
    ...extra,
  });

  /** Runs a shell step as the runner does (bash -eo pipefail), its outputs read from GITHUB_OUTPUT. */
  function shell(script: string, workspace: string, env: NodeJS.ProcessEnv): StepResult & { stderr: string } {
    const output = join(workspace, `.output-${Math.random().toString(36).slice(2)}`);
    writeFileSync(output, "");
    const file = join(workspace, ".step.sh");
    writeFileSync(file, script);
    const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", file], {
      cwd: workspace,
      env: { ...env, GITHUB_OUTPUT: output },
      encoding: "utf8",
    });
    const outputs = Object.fromEntries(
      readFileSync(output, "utf8")
        .split("\n")
        .filter((line) => line.includes("="))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    return { outcome: result.status === 0 ? "success" : "failure", outputs, stderr: result.stderr };
  }

  /** actions/cache/restore: the exact key on this branch, else the newest entry its key prefixes. */
  function restore(step: Step, key: string, workspace: string): StepResult {
    const mine = cache.entries().filter((entry) => entry.ref === ref);
    const newest = (matches: (entry: Entry) => boolean) =>
      mine.filter(matches).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
    const prefixes = String(step.with?.["restore-keys"] ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    const found =
      mine.find((entry) => entry.key === key) ??
      newest((entry) => entry.key.startsWith(key)) ??
      prefixes.map((p) => newest((entry) => entry.key.startsWith(p))).find(Boolean);
    if (!found) {
      const fail = step.with?.["fail-on-cache-miss"] === true;
      return { outcome: fail ? "failure" : "success", outputs: { "cache-hit": "false" } };
    }
    cpSync(join(store, String(found.id)), workspace, { recursive: true });
    return {
      outcome: "success",
      outputs: { "cache-hit": String(found.key === key), "cache-matched-key": found.key },
    };
  }

  /** actions/cache/save: data/ and out/ under a new key (an existing key is left as it is). */
  function save(key: string, workspace: string): StepResult {
    if (key === "") return { outcome: "failure", outputs: {} }; // the action requires a key
    if (!cache.entries().some((entry) => entry.key === key && entry.ref === ref)) {
      const id = nextId++;
      for (const path of ["data", "out"])
        if (existsSync(join(workspace, path)))
          cpSync(join(workspace, path), join(store, String(id), path), { recursive: true });
      const createdAt = new Date(Date.UTC(2026, 0, 1) + clock++ * 3_600_000).toISOString();
      cache.write([...cache.entries(), { id, key, createdAt, ref }]);
    }
    return { outcome: "success", outputs: {} };
  }

  /**
   * One run of the workflow: the publish job on a fresh runner, then the prune-cache job. Returns
   * what it restored (and the lineage of that database), what it saved, and each step's outcome.
   */
  function runWorkflow(runId: number, scenario: Scenario) {
    const workspace = join(dir, `run-${runId}`);
    rmSync(workspace, { recursive: true, force: true });
    mkdirSync(workspace, { recursive: true });
    symlinkSync(join(repoRoot, "scripts"), join(workspace, "scripts"));
    const steps: Record<string, StepResult> = {};
    const log: string[] = [];
    let failed = false;
    let cancelled = false;
    let restored: string | undefined;
    let lineage: string[] = [];
    let saved: string | undefined;
    const context = () => ({
      github: {
        run_id: String(runId),
        run_attempt: "1",
        token: "token",
        repository: "you/mor-throughput",
        ref,
      },
      secrets: {},
      steps,
    });
    const job = workflow.jobs.publish as Job;
    for (const [index, step] of job.steps.entries()) {
      const id = step.id ?? `#${index}`;
      const condition = step.if ?? "success()";
      const status = { success: !failed && !cancelled, failure: failed, cancelled };
      if (!truthy(evaluate(unwrap(condition), context(), status))) {
        steps[id] = { outcome: "skipped", outputs: {} };
        continue;
      }
      const env: Record<string, string> = {};
      for (const [name, value] of Object.entries({ ...job.env, ...step.env }))
        env[name] = interpolate(String(value), context(), status);
      let result: StepResult;
      if (step.run !== undefined) {
        if (step.id === "sync" && scenario.exit === "killed") {
          // The job's timeout: the runner kills the step mid-run, after it wrote to the database.
          mkdirSync(join(workspace, "data"), { recursive: true });
          appendFileSync(join(workspace, "data", "throughput.sqlite"), `${runId}\n`);
          steps[id] = { outcome: "cancelled", outputs: {} };
          cancelled = true;
          continue;
        }
        const shellResult = shell(
          step.run,
          workspace,
          baseEnv(workspace, runId, {
            ...env,
            FAKE_RUN_EXIT: String(scenario.exit),
            FAKE_VALIDATE_EXIT: String(scenario.validate ?? 0),
          }),
        );
        log.push(shellResult.stderr);
        result = shellResult;
      } else {
        const action = String(step.uses).replace(/@.*/, "");
        const key = interpolate(String(step.with?.key ?? ""), context(), status);
        if (action === "actions/cache/restore") {
          if (scenario.evict) cache.write(cache.entries().filter((entry) => entry.key !== key));
          result = restore(step, key, workspace);
          restored = result.outputs["cache-matched-key"];
          const db = join(workspace, "data", "throughput.sqlite");
          lineage = existsSync(db) ? readFileSync(db, "utf8").split("\n").filter(Boolean) : [];
        } else if (action === "actions/cache/save") {
          result = save(key, workspace);
          saved = key;
        } else if (action === "actions/deploy-pages") {
          result = { outcome: scenario.deploy ?? "success", outputs: {} };
        } else {
          result = { outcome: "success", outputs: {} };
        }
      }
      steps[id] = result;
      if (result.outcome === "failure") failed = true;
    }
    // The prune-cache job: after the publish job, failed or not (the workflow was not cancelled).
    const prune = workflow.jobs["prune-cache"] as Job;
    if (
      truthy(
        evaluate(unwrap(prune.if ?? "success()"), context(), {
          success: !failed,
          failure: failed,
          cancelled: false,
        }),
      )
    ) {
      for (const step of prune.steps.filter((s) => s.run !== undefined)) {
        const env = Object.fromEntries(
          Object.entries(step.env ?? {}).map(([name, value]) => [name, interpolate(value, context(), {})]),
        );
        const result = shell(step.run as string, workspace, baseEnv(workspace, runId, env));
        log.push(result.stderr);
        expect(result.outcome, result.stderr).toBe("success");
      }
    }
    return { restored, lineage, saved, steps, log: log.join("") };
  }

  /** A command line of the docs, run as it is written (from the checkout's root, gh the fake). */
  function runDocCommand(line: string) {
    const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", line], {
      cwd: repoRoot,
      env: { ...baseEnv(dir, 0), GITHUB_REF: "", GITHUB_RUN_ID: "" },
      encoding: "utf8",
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  /** The script alone, with the fake gh. */
  function runScript(args: string[], extra: Record<string, string> = {}) {
    const result = spawnSync(process.execPath, [join(repoRoot, "scripts/publish-cache.mjs"), ...args], {
      cwd: dir,
      env: baseEnv(dir, 0, extra),
      encoding: "utf8",
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  return { cache, ghCalls, runWorkflow, runDocCommand, runScript };
}

// GitHub Actions expressions: the part of the language publish.yml uses.

type Status = { success?: boolean; failure?: boolean; cancelled?: boolean };

const unwrap = (text: string) => text.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, "$1");

function interpolate(text: string, context: object, status: Status): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) => {
    const value = evaluate(expression, context, status);
    return value === undefined || value === null ? "" : String(value);
  });
}

const truthy = (value: unknown) => value !== "" && value !== 0 && value !== false && value != null;

function evaluate(expression: string, context: object, status: Status): unknown {
  const tokens = expression.match(/'(?:[^']|'')*'|==|!=|&&|\|\||[!()]|[A-Za-z_][\w.-]*|\d+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++] as string;
  const or = (): unknown => {
    let left = and();
    while (peek() === "||") {
      next();
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  const and = (): unknown => {
    let left = equality();
    while (peek() === "&&") {
      next();
      const right = equality();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const equality = (): unknown => {
    let left = unary();
    while (peek() === "==" || peek() === "!=") {
      const op = next();
      const right = unary();
      const same = String(left ?? "").toLowerCase() === String(right ?? "").toLowerCase();
      left = op === "==" ? same : !same;
    }
    return left;
  };
  const unary = (): unknown => {
    if (peek() === "!") {
      next();
      return !truthy(unary());
    }
    return primary();
  };
  const primary = (): unknown => {
    const token = next();
    if (token === "(") {
      const value = or();
      next();
      return value;
    }
    if (token.startsWith("'")) return token.slice(1, -1).replaceAll("''", "'");
    if (/^\d+$/.test(token)) return Number(token);
    if (peek() === "(") {
      next();
      next();
      if (token === "success") return status.success ?? true;
      if (token === "failure") return status.failure ?? false;
      if (token === "cancelled") return status.cancelled ?? false;
      if (token === "always") return true;
      throw new Error(`unknown function ${token}()`);
    }
    let value: unknown = context;
    for (const part of token.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
    return value ?? "";
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`could not read the expression ${expression}`);
  return value;
}

/** The commands of the docs that call the script, as written: `[page, line]`. */
function docCommands(): Array<[string, string]> {
  return ["docs/operating.md", "docs/publishing.md"].flatMap((page) =>
    commandLinesOf(readFileSync(join(repoRoot, page), "utf8"))
      .filter(({ text }) => shellCommands(text).some((words) => words[1] === "scripts/publish-cache.mjs"))
      .map(({ text }) => [page, text] as [string, string]),
  );
}

/** The docs' command for `command` (`fall-back`, `list`): there must be one, on a page of the docs. */
function docCommand(command: string): string {
  const lines = docCommands()
    .map(([, text]) => text)
    .filter((text) => shellCommands(text).some((words) => words[2] === command));
  expect(lines.length, `the docs show node scripts/publish-cache.mjs ${command}`).toBeGreaterThan(0);
  return lines[0] as string;
}

describe("the publish workflow's databases in the Actions cache (scripts/publish-cache.mjs)", () => {
  const dir = useTempDir("mor-publish-cache-");

  test("behavior: good run, failed run (exit 1), failed run (exit 2): the next run restores the last good database", () => {
    const { cache, runWorkflow } = setUp(join(dir, "bad"));
    expect(runWorkflow(1, { exit: 0 })).toMatchObject({
      restored: undefined,
      saved: "throughput-db-good-1-1",
    });
    const second = runWorkflow(2, { exit: 1 });
    expect(second).toMatchObject({ restored: "throughput-db-good-1-1", lineage: ["1"], saved: undefined });
    expect(second.log).toMatch(/not saving this run's database: it exited 1 \(a person must fix something\)/);
    expect(runWorkflow(3, { exit: 2 })).toMatchObject({ restored: "throughput-db-good-1-1", lineage: ["1"] });
    expect(cache.keys()).toEqual(["throughput-db-good-1-1"]);
    const next = runWorkflow(4, { exit: 0 });
    expect(next).toMatchObject({
      restored: "throughput-db-good-1-1",
      lineage: ["1"],
      saved: "throughput-db-good-4-1",
    });
    // A newer good database replaces the last one.
    expect(cache.keys()).toEqual(["throughput-db-good-4-1"]);
    expect(runWorkflow(5, { exit: 0 }).lineage).toEqual(["1", "4"]);
  });

  test("behavior: good run, failed run (exit 75), failed run (exit 75): the next run goes on from their progress, the last good database stays, and the docs' fall-back restores it", () => {
    const { cache, runWorkflow, runDocCommand, ghCalls } = setUp(join(dir, "transient"));
    runWorkflow(1, { exit: 0 });
    expect(runWorkflow(2, { exit: 75 })).toMatchObject({ lineage: ["1"], saved: "throughput-db-resume-2-1" });
    const third = runWorkflow(3, { exit: 75 });
    expect(third).toMatchObject({ restored: "throughput-db-resume-2-1", lineage: ["1", "2"] });
    expect(third.steps.sync?.outcome).toBe("failure");
    // Two entries stay: the last good database and the newest progress, which built on the one before.
    expect(cache.keys()).toEqual(["throughput-db-good-1-1", "throughput-db-resume-3-1"]);
    expect(runDocCommand(docCommand("list")).stdout).toBe(
      [
        `throughput-db-resume-3-1\t${cache.entries()[1]?.createdAt}\tresume\tthe next run restores it`,
        `throughput-db-good-1-1\t${cache.entries()[0]?.createdAt}\tgood\tthe last good database`,
        "",
      ].join("\n"),
    );

    // The operator falls back, with the command the docs show.
    const resumeId = cache.entries().find((entry) => entry.key === "throughput-db-resume-3-1")?.id;
    const fallBack = runDocCommand(docCommand("fall-back"));
    expect(fallBack.stderr).toMatch(/deleted throughput-db-resume-3-1 \(resume/);
    expect(fallBack.stderr).toMatch(/the next run restores throughput-db-good-1-1, the last good database/);
    expect(fallBack.code).toBe(0);
    expect(ghCalls().slice(-2)).toEqual([
      "cache list --key throughput-db- --limit 1000 --json id,key,createdAt,ref",
      `cache delete ${resumeId}`,
    ]);
    expect(runWorkflow(4, { exit: 0 })).toMatchObject({ restored: "throughput-db-good-1-1", lineage: ["1"] });

    // Nothing newer than the last good database: a second fall-back deletes nothing.
    const again = runDocCommand(docCommand("fall-back"));
    expect(again.code).toBe(0);
    expect(cache.keys()).toEqual(["throughput-db-good-4-1"]);
  });

  test("behavior: exit 75 after exit 1: the next run goes on from the progress of the run that exited 75", () => {
    const { runWorkflow } = setUp(join(dir, "mixed"));
    runWorkflow(1, { exit: 0 });
    runWorkflow(2, { exit: 75 });
    runWorkflow(3, { exit: 1 });
    expect(runWorkflow(4, { exit: 0 })).toMatchObject({
      restored: "throughput-db-resume-2-1",
      lineage: ["1", "2"],
    });
  });

  test("behavior: a run killed by the job's timeout, or whose publication fails validate, is not saved; one whose deployment fails is kept to go on from", () => {
    const { cache, runWorkflow } = setUp(join(dir, "outcomes"));
    runWorkflow(1, { exit: 0 });
    const killed = runWorkflow(2, { exit: "killed" });
    expect(killed).toMatchObject({ saved: undefined });
    expect(killed.steps.keep?.outcome).toBe("skipped");
    const invalid = runWorkflow(3, { exit: 0, validate: 1 });
    expect(invalid).toMatchObject({ lineage: ["1"], saved: undefined });
    expect(invalid.steps.deployment?.outcome).toBe("skipped");
    const undeployed = runWorkflow(4, { exit: 0, deploy: "failure" });
    expect(undeployed).toMatchObject({ lineage: ["1"], saved: "throughput-db-resume-4-1" });
    expect(cache.keys()).toEqual(["throughput-db-good-1-1", "throughput-db-resume-4-1"]);
    expect(runWorkflow(5, { exit: 0 })).toMatchObject({
      lineage: ["1", "4"],
      saved: "throughput-db-good-5-1",
    });
  });

  test("behavior: a first backfill that keeps exiting 75 goes on from run to run, one entry kept", () => {
    const { cache, runWorkflow } = setUp(join(dir, "backfill"));
    expect(runWorkflow(1, { exit: 75 }).restored).toBeUndefined();
    runWorkflow(2, { exit: 75 });
    expect(runWorkflow(3, { exit: 75 }).lineage).toEqual(["1", "2"]);
    expect(cache.keys()).toEqual(["throughput-db-resume-3-1"]);
  });

  test("behavior: the entries of the workflow before this one are restored as progress, then pruned; other branches' entries are never touched", () => {
    const { cache, runWorkflow } = setUp(join(dir, "upgrade"));
    cache.add("throughput-db-90-1", ["90"]);
    cache.add("throughput-db-91-1", ["90", "91"]);
    cache.add("throughput-db-good-92-1", ["x"], "refs/heads/feature");
    cache.add("throughput-db-something-else", ["y"]);
    expect(runWorkflow(93, { exit: 0 })).toMatchObject({
      restored: "throughput-db-91-1",
      lineage: ["90", "91"],
    });
    expect(cache.keys()).toEqual([
      "throughput-db-good-92-1",
      "throughput-db-something-else",
      "throughput-db-good-93-1",
    ]);
  });

  test("error: an entry gone between the choice and the restore fails the run: nothing is saved, no backfill starts", () => {
    const { cache, runWorkflow } = setUp(join(dir, "gone"));
    runWorkflow(1, { exit: 0 });
    runWorkflow(2, { exit: 75 });
    const run = runWorkflow(3, { exit: 0, evict: true });
    expect(run.steps.plan?.outputs.key).toBe("throughput-db-resume-2-1");
    expect(run.restored).toBeUndefined();
    expect(run.steps.sync?.outcome).toBe("skipped");
    expect(run.saved).toBeUndefined();
    expect(run.steps.deployment?.outcome).toBe("skipped");
    expect(cache.keys()).toEqual(["throughput-db-good-1-1"]);
    expect(runWorkflow(4, { exit: 0 })).toMatchObject({ restored: "throughput-db-good-1-1", lineage: ["1"] });
  });

  test("error: gh fails: the cache API down exits 75, a refused token or no gh exits 1, a wrong usage exits 1 and says what was expected", () => {
    const { runScript } = setUp(join(dir, "errors"));
    const down = runScript(["restore-key"], {
      FAKE_GH_FAIL: "HTTP 503: Service Unavailable (https://api.github.com/...)",
    });
    expect(down).toMatchObject({ code: 75, stdout: "" });
    expect(down.stderr).toMatch(
      /^error: gh cache list .* failed: HTTP 503: Service Unavailable.*\nTry again later\./,
    );
    const refused = runScript(["prune"], {
      FAKE_GH_FAIL: "HTTP 403: Resource not accessible by integration",
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/was refused: HTTP 403.*\nExpected a token that may read/);
    const noGh = runScript(["list"], { PATH: "/nonexistent" });
    expect(noGh.code).toBe(1);
    expect(noGh.stderr).toMatch(/gh \(the GitHub CLI\) is not installed/);
    expect(runScript(["list"], { GITHUB_REF: "" })).toMatchObject({ code: 1 });
    expect(runScript(["list"], { GITHUB_REF: "" }).stderr).toMatch(
      /No branch: --ref is missing and GITHUB_REF is not set\.\nUsage:/,
    );
    expect(runScript(["list", "--ref", "main"]).stderr).toMatch(
      /Invalid --ref "main": expected refs\/heads\/<branch>/,
    );
    expect(runScript(["restore"]).stderr).toMatch(/Unknown command "restore"/);
    const badCode = runScript(["save-key", "--exit-code", "x", "--validated", "", "--deployed", ""]);
    expect(badCode.code).toBe(1);
    expect(badCode.stderr).toMatch(
      /Invalid --exit-code "x": expected the run's exit code, or "" when it did not finish/,
    );
    // No good database to fall back to: a person decides (start over).
    const none = runScript(["fall-back"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No good database in the cache: nothing to fall back to/);
  });
});
