// The publish workflow's databases in the Actions cache (.github/workflows/publish.yml,
// docs/publishing.md#the-databases-in-the-cache): which one a run restores, under which key it
// saves its own, which ones go, and the operator's fall-back to the last good one.
//
//   node scripts/publish-cache.mjs restore-key            the entry this run restores ("" for none)
//   node scripts/publish-cache.mjs save-key --exit-code <code> --validated <outcome> --deployed <outcome>
//                                                          the key to save this run's database under ("" for none)
//   node scripts/publish-cache.mjs prune                  deletes the entries no run needs
//   node scripts/publish-cache.mjs list                   the entries, and the one the next run restores
//   node scripts/publish-cache.mjs fall-back              deletes the entries newer than the last good one
//
// Every command but save-key reads the cache with the GitHub CLI (`gh cache list`, `gh cache
// delete`: GH_TOKEN and GH_REPO in a workflow, `gh auth login` and the checkout's remote
// elsewhere). A cache entry belongs to a branch: `--ref` (default $GITHUB_REF) names the one the
// workflow runs on, e.g. refs/heads/main. In a workflow, restore-key and save-key also write
// `key=` and `kind=` to $GITHUB_OUTPUT. Exit codes as the CLI's: 0 done, 1 a person must fix
// something (a usage, gh missing or refused), 2 a bug, 75 try again later (the cache API failed).
import { spawnSync } from "node:child_process";
import { appendFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const prefix = "throughput-db-";

/**
 * What an entry is, from its key: `good` (a run that published, validated and deployed: the last
 * good database), `resume` (a run whose database is safe to build on but was not deployed: it
 * exited 75, or its deployment failed), or `unknown` (left alone). A key of the workflow before
 * this script (`throughput-db-<run id>-<attempt>`, saved after every run that synced) reads as
 * `resume`: the next run goes on from it, as it did.
 */
export function kindOf(key) {
  if (/^throughput-db-good-\d+-\d+$/.test(key)) return "good";
  if (/^throughput-db-resume-\d+-\d+$/.test(key)) return "resume";
  if (/^throughput-db-\d+-\d+$/.test(key)) return "resume";
  return "unknown";
}

export const keyOf = (kind, runId, attempt) => `${prefix}${kind}-${runId}-${attempt}`;

/** Entries oldest first: by creation time, then id (the order the runs saved them in). */
function byAge(entries) {
  return [...entries].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || Number(a.id) - Number(b.id),
  );
}

/**
 * What of a run to keep, from how its steps ended: the exit code of `mor-throughput run` ("" when
 * the step did not finish: it never started, or the job was cancelled or timed out mid-run), and
 * the outcomes of `validate` and the deployment (success, failure, cancelled, skipped, or "").
 */
export function verdictOf({ exitCode, validated, deployed }) {
  if (exitCode === "") {
    return { kind: undefined, why: "the run did not finish (not started, cancelled or timed out)" };
  }
  const code = Number(exitCode);
  if (code === 75) {
    return {
      kind: "resume",
      why: "it exited 75 (try again later): every block range it committed is consistent, so the next run goes on from it",
    };
  }
  if (code !== 0) {
    return {
      kind: undefined,
      why: `it exited ${code} (${code === 1 ? "a person must fix something" : code === 2 ? "a bug" : "an exit code of no documented meaning"}): its database is not built on; the next run starts again from the last one kept`,
    };
  }
  if (validated !== "success") {
    return {
      kind: undefined,
      why: `its publication did not pass validate (${validated || "not run"}): its database is not built on`,
    };
  }
  if (deployed !== "success") {
    return {
      kind: "resume",
      why: `it published and validated, but the deployment did not succeed (${deployed || "not run"}): the next run goes on from it and deploys`,
    };
  }
  return { kind: "good", why: "it published, validated and deployed: the last good database" };
}

/** The entry a run restores: the newest that is safe to build on (good, or resume), if any. */
export function restoreOf(entries) {
  return byAge(entries.filter((entry) => kindOf(entry.key) !== "unknown")).at(-1);
}

/** The newest good entry, if any. */
export function lastGoodOf(entries) {
  return byAge(entries.filter((entry) => kindOf(entry.key) === "good")).at(-1);
}

/**
 * The entries no run needs: every good or resume entry but the last good one and the one the next
 * run restores (the newest: the last good one, or the progress of the failed runs since, each of
 * which built on the one before). Entries of unknown keys are never deleted.
 */
export function prunableOf(entries) {
  const keep = new Set([lastGoodOf(entries), restoreOf(entries)]);
  return byAge(entries.filter((entry) => kindOf(entry.key) !== "unknown" && !keep.has(entry)));
}

/** The entries the operator's fall-back deletes: every one newer than the last good one. */
export function newerThanLastGoodOf(entries) {
  const good = lastGoodOf(entries);
  if (!good) return undefined;
  const sorted = byAge(entries.filter((entry) => kindOf(entry.key) !== "unknown"));
  return sorted.slice(sorted.indexOf(good) + 1);
}

export class CacheScriptError extends Error {
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
}

const usage = [
  "Usage: node scripts/publish-cache.mjs <command> [--ref <ref>]",
  "  restore-key | list | prune | fall-back   [--ref refs/heads/<branch>]   (default $GITHUB_REF)",
  "  save-key --exit-code <code|''> --validated <outcome> --deployed <outcome> [--run-id <id>] [--attempt <n>]",
].join("\n");

function usageError(message) {
  return new CacheScriptError(`${message}\n${usage}`, 1);
}

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const flags = {};
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (!flag.startsWith("--")) throw usageError(`Unexpected argument "${flag}".`);
    if (i + 1 >= rest.length) throw usageError(`${flag} needs a value.`);
    flags[flag.slice(2)] = rest[++i];
  }
  return { command, flags };
}

function only(flags, allowed) {
  for (const name of Object.keys(flags))
    if (!allowed.includes(name)) throw usageError(`Unknown flag --${name}.`);
}

/** Runs gh; its failures as the exit codes above. */
function gh(args, env) {
  const result = spawnSync("gh", args, { encoding: "utf8", env, stdio: ["ignore", "pipe", "pipe"] });
  if (result.error?.code === "ENOENT") {
    throw new CacheScriptError(
      "gh (the GitHub CLI) is not installed.\nExpected gh on PATH: https://cli.github.com (the GitHub runners have it).",
      1,
    );
  }
  if (result.error) throw new CacheScriptError(`gh ${args.join(" ")} failed: ${result.error.message}`, 75);
  if (result.status !== 0) {
    const said = result.stderr.trim() || `exit code ${result.status}`;
    const person =
      /HTTP 40[134]|auth login|not logged in|authentication|GH_TOKEN|no git remote|none of the git remotes/i;
    throw new CacheScriptError(
      person.test(said)
        ? `gh ${args.join(" ")} was refused: ${said}\nExpected a token that may read (and, to delete, write) the repository's Actions caches: actions: read / write in a workflow, \`gh auth login\` elsewhere, and GH_REPO or a checkout of the repository.`
        : `gh ${args.join(" ")} failed: ${said}\nTry again later.`,
      person.test(said) ? 1 : 75,
    );
  }
  return result.stdout;
}

/** The entries of the prefix on one branch, oldest first. */
function listEntries(ref, env) {
  const text = gh(
    ["cache", "list", "--key", prefix, "--limit", "1000", "--json", "id,key,createdAt,ref"],
    env,
  );
  let entries;
  try {
    entries = JSON.parse(text);
  } catch {
    throw new CacheScriptError(`gh cache list answered what is not JSON: ${text.slice(0, 200)}`, 2);
  }
  if (!Array.isArray(entries)) throw new CacheScriptError("gh cache list answered no list", 2);
  return byAge(entries.filter((entry) => entry.ref === ref && entry.key.startsWith(prefix)));
}

function deleteEntries(entries, env, log) {
  for (const entry of entries) {
    try {
      gh(["cache", "delete", String(entry.id)], env);
    } catch (error) {
      // Gone already (GitHub evicted it, or a person deleted it): what was wanted.
      if (!/HTTP 404/.test(String(error.message))) throw error;
    }
    log(`deleted ${entry.key} (${kindOf(entry.key)}, saved ${entry.createdAt})`);
  }
}

function refOf(flags, env) {
  const ref = flags.ref ?? env.GITHUB_REF;
  if (!ref) throw usageError("No branch: --ref is missing and GITHUB_REF is not set.");
  if (!ref.startsWith("refs/")) throw usageError(`Invalid --ref "${ref}": expected refs/heads/<branch>.`);
  return ref;
}

const outcomes = ["success", "failure", "cancelled", "skipped", ""];

/** Runs one command; returns what it prints on stdout. `log` writes a line for the reader (stderr). */
export function main(argv, env, log) {
  const { command, flags } = parseArgs(argv);
  const output = (pairs) => {
    if (env.GITHUB_OUTPUT) {
      appendFileSync(
        env.GITHUB_OUTPUT,
        Object.entries(pairs)
          .map(([k, v]) => `${k}=${v}\n`)
          .join(""),
      );
    }
  };
  switch (command) {
    case "restore-key": {
      only(flags, ["ref"]);
      const entry = restoreOf(listEntries(refOf(flags, env), env));
      output({ key: entry?.key ?? "", kind: entry ? kindOf(entry.key) : "" });
      log(
        entry
          ? `restoring ${entry.key} (${kindOf(entry.key)}, saved ${entry.createdAt})`
          : "no database in the cache: this run backfills every chain from its start block",
      );
      return entry ? `${entry.key}\n` : "";
    }
    case "save-key": {
      only(flags, ["exit-code", "validated", "deployed", "run-id", "attempt"]);
      const exitCode = flags["exit-code"];
      if (exitCode === undefined || !/^(\d+)?$/.test(exitCode)) {
        throw usageError(
          `Invalid --exit-code "${exitCode ?? ""}": expected the run's exit code, or "" when it did not finish.`,
        );
      }
      for (const name of ["validated", "deployed"]) {
        if (!outcomes.includes(flags[name] ?? "")) {
          throw usageError(
            `Invalid --${name} "${flags[name]}": expected a step's outcome (${outcomes.slice(0, 4).join(", ")}) or "".`,
          );
        }
      }
      const runId = flags["run-id"] ?? env.GITHUB_RUN_ID;
      const attempt = flags.attempt ?? env.GITHUB_RUN_ATTEMPT ?? "1";
      if (!/^\d+$/.test(runId ?? "") || !/^\d+$/.test(attempt)) {
        throw usageError(
          "Expected a run id and attempt: --run-id and --attempt, or GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT.",
        );
      }
      const { kind, why } = verdictOf({
        exitCode,
        validated: flags.validated ?? "",
        deployed: flags.deployed ?? "",
      });
      const key = kind ? keyOf(kind, runId, attempt) : "";
      output({ key, kind: kind ?? "" });
      log(kind ? `saving this run's database as ${key}: ${why}` : `not saving this run's database: ${why}`);
      return key ? `${key}\n` : "";
    }
    case "prune": {
      only(flags, ["ref"]);
      const entries = listEntries(refOf(flags, env), env);
      const gone = prunableOf(entries);
      deleteEntries(gone, env, log);
      const kept = entries.filter((entry) => !gone.includes(entry)).map((entry) => entry.key);
      log(`kept ${kept.length === 0 ? "nothing" : kept.join(", ")}`);
      return "";
    }
    case "list": {
      only(flags, ["ref"]);
      const entries = listEntries(refOf(flags, env), env);
      const next = restoreOf(entries);
      const good = lastGoodOf(entries);
      const lines = entries
        .reverse()
        .map(
          (entry) =>
            `${entry.key}\t${entry.createdAt}\t${kindOf(entry.key)}${entry === next ? "\tthe next run restores it" : entry === good ? "\tthe last good database" : ""}`,
        );
      if (lines.length === 0) log("no database in the cache: the next run backfills every chain");
      return lines.map((line) => `${line}\n`).join("");
    }
    case "fall-back": {
      only(flags, ["ref"]);
      const entries = listEntries(refOf(flags, env), env);
      const good = lastGoodOf(entries);
      const newer = newerThanLastGoodOf(entries);
      if (!good || !newer) {
        throw new CacheScriptError(
          "No good database in the cache: nothing to fall back to.\nTo start over, delete every throughput-db- entry (Actions → Caches): the next run backfills every chain.",
          1,
        );
      }
      deleteEntries(newer, env, log);
      log(`the next run restores ${good.key}, the last good database (saved ${good.createdAt})`);
      return "";
    }
    default:
      throw usageError(command ? `Unknown command "${command}".` : "No command.");
  }
}

// Run as a script (through a symlink too), not imported by a test.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(main(process.argv.slice(2), process.env, (line) => console.error(line)));
  } catch (error) {
    const code = error instanceof CacheScriptError ? error.exitCode : 2;
    console.error(`error: ${error instanceof CacheScriptError ? error.message : error?.stack}`);
    process.exitCode = code;
  }
}
