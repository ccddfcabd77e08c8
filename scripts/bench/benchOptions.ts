import { parseArgs } from "node:util";

export const suites = ["local", "build", "scale", "pool", "shapes", "fork"] as const;
/** The suites run when --suite is not given. */
const defaultSuites = "local,build,scale";
export type Suite = (typeof suites)[number];

/** The committed results, and the page generated from them (`--record`, `--render`). */
export const resultsFile = "docs/performance.json";
export const pageFile = "docs/performance.md";

export const usage = `usage: npm run bench -- [flags]      (npm run -s bench -- --json: stdout holds only the JSON)

  --suite <list>        which suites to run, comma-separated (default local,build,scale):
                          local  mor-throughput against Ponder on an anvil chain, then alone at
                                 growing sizes (cold, warm runs)
                          build  \`build\` on synthetic databases, and an incremental run
                          scale  side by side with Ponder on virtual chains of growing length;
                                 first backfills of the real networks' sizes, behind no limits and
                                 a paid endpoint's limits, then an hourly run; chains of other
                                 shapes (requests per closed session)
                          shapes (not by default) the chains of other shapes on anvil (and on
                                 the virtual chain, as the scale suite does); without the scale
                                 suite and with --record, it puts them into ${resultsFile},
                                 keeping the rest
                          pool   (not by default) a backfill of Base's size behind three endpoints
                                 with the free-endpoint stand-in's limits, against one such endpoint
                                 (--shrink and --seed apply; docs/endpoints.md)
                          fork   (not by default) a fork's first complete publication of both
                                 networks (--scenarios, --shrink), behind each of --fork-limits:
                                 the workflow's hourly runs from the chains alone, then
                                 run --bootstrap from that site; alone with --record, it puts its
                                 results into ${resultsFile}, keeping the rest
  --no-peer             skip Ponder (local and scale suites)
  --json                print the JSON report on stdout (the table goes to stderr)
  --out <file>          also write the JSON report to a file
  --record              also write the report to ${resultsFile} and the page generated from
                        it, ${pageFile} (and its figure): the committed results
  --render              measure nothing: write ${pageFile} again from ${resultsFile}
  --seed <n>            seed of the generated histories (default 1)
  --profile-dir <dir>   also write a CPU profile of every mor-throughput command into <dir>/<step>/
                        (summarize one with scripts/bench/summarizeProfile.ts; profiled times are slower)

 local suite:
  --sessions <n>        side by side with Ponder (default 2000)
  --scale <n,n>         mor-throughput alone, cold backfills (default 20000,200000; "" for none)
  --peer-timeout <min>  give up on Ponder after this many minutes (default 40)

 build suite:
  --build-sizes <n,n>   synthetic databases for \`build\` (default 100000,1000000,10000000; "" for none)
  --incremental <n>     new sessions on top of the 1M database (default 1000; on the largest
                        build size at most 1M when 1M is not among them)
  --cache               keep synthetic databases in .bench/synth/ and reuse them

 scale suite:
  --side-sizes <n,n>    side by side with Ponder: Base's chain divided by each n (blocks and
                        sessions; default 2000,1000,500,250; "" for none)
  --side-limits <list>  behind which limits (default none,paid)
  --side-budget <min>   Ponder's time budget at each of those sizes (default 20)
  --scenarios <list>    base,arbitrum (default both)
  --limits <list>       none,paid,public (default none,paid; public: a stand-in for a free
                        endpoint, assumed limits: 2,000-block ranges, 10 calls a batch, 5/s, 200 ms)
  --shrink <n>          divide every scenario's blocks and sessions by n (default 1: real sizes)
  --peer-budget <min>   Ponder's time budget per scenario and limit set (default 5; decimals allowed)
  --no-short            skip the Arbitrum chain a hundred times shorter (the memory comparison)
  --no-shapes           skip the chains of other shapes (requests per closed session)

 fork suite:
  --fork-limits <list>  behind which limits (default public,paid)
  --fork-shrink <n,n>   for each of those, divide the scenarios' blocks and sessions by n
                        (default: --shrink for each)
`;

export type BenchOptions = {
  suites: Suite[];
  peer: boolean;
  json: boolean;
  out: string | undefined;
  seed: number;
  profileDir: string | undefined;
  sessions: number;
  scale: number[];
  peerTimeoutMinutes: number;
  buildSizes: number[];
  incremental: number;
  cache: boolean;
  scenarios: string[];
  limits: string[];
  shrink: number;
  peerBudgetMinutes: number;
  short: boolean;
  shapes: boolean;
  forkLimits: string[];
  forkShrink: number[];
  sideSizes: number[];
  sideLimits: string[];
  sideBudgetMinutes: number;
  record: boolean;
  render: boolean;
  help: boolean;
};

export class BenchUsageError extends Error {}

const limitNames = ["none", "paid", "public"] as const;

/** The bench's flags, checked (pure: a bad flag throws BenchUsageError). */
export function parseBenchOptions(argv: string[]): BenchOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new BenchUsageError((error as Error).message);
  }
  const { values } = parsed;
  const count = (flag: string, text: string): number => {
    const n = Number(text.replaceAll("_", ""));
    if (!Number.isSafeInteger(n) || n < 1)
      throw new BenchUsageError(`--${flag}: expected a positive integer, got ${JSON.stringify(text)}`);
    return n;
  };
  const minutes = (flag: string, text: string): number => {
    const n = Number(text);
    if (!Number.isFinite(n) || n <= 0)
      throw new BenchUsageError(
        `--${flag}: expected a positive number of minutes, got ${JSON.stringify(text)}`,
      );
    return n;
  };
  const counts = (flag: string, text: string): number[] =>
    text.trim() === "" ? [] : text.split(",").map((part) => count(flag, part.trim()));
  const oneOf = <T extends string>(flag: string, text: string, allowed: readonly T[]): T[] => {
    const list = text.split(",").map((part) => part.trim());
    for (const item of list) {
      if (!allowed.includes(item as T))
        throw new BenchUsageError(
          `--${flag}: expected some of ${allowed.join(", ")}, got ${JSON.stringify(item)}`,
        );
    }
    return list as T[];
  };
  return {
    suites: oneOf("suite", values.suite, suites),
    peer: values.peer,
    json: values.json,
    out: values.out,
    seed: count("seed", values.seed),
    profileDir: values["profile-dir"],
    sessions: count("sessions", values.sessions),
    scale: counts("scale", values.scale),
    peerTimeoutMinutes: count("peer-timeout", values["peer-timeout"]),
    buildSizes: counts("build-sizes", values["build-sizes"]),
    incremental: count("incremental", values.incremental),
    cache: values.cache,
    scenarios: oneOf("scenarios", values.scenarios, ["base", "arbitrum"] as const),
    limits: oneOf("limits", values.limits, limitNames),
    shrink: count("shrink", values.shrink),
    peerBudgetMinutes: minutes("peer-budget", values["peer-budget"]),
    short: values.short,
    shapes: values.shapes,
    forkLimits: oneOf("fork-limits", values["fork-limits"], limitNames),
    forkShrink: counts("fork-shrink", values["fork-shrink"]),
    sideSizes: counts("side-sizes", values["side-sizes"]),
    sideLimits: oneOf("side-limits", values["side-limits"], limitNames),
    sideBudgetMinutes: minutes("side-budget", values["side-budget"]),
    record: values.record,
    render: values.render,
    help: values.help,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      suite: { type: "string", default: defaultSuites },
      peer: { type: "boolean", default: true },
      json: { type: "boolean", default: false },
      out: { type: "string" },
      seed: { type: "string", default: "1" },
      "profile-dir": { type: "string" },
      sessions: { type: "string", default: "2000" },
      scale: { type: "string", default: "20000,200000" },
      "peer-timeout": { type: "string", default: "40" },
      "build-sizes": { type: "string", default: "100000,1000000,10000000" },
      incremental: { type: "string", default: "1000" },
      cache: { type: "boolean", default: false },
      scenarios: { type: "string", default: "base,arbitrum" },
      limits: { type: "string", default: "none,paid" },
      shrink: { type: "string", default: "1" },
      "peer-budget": { type: "string", default: "5" },
      short: { type: "boolean", default: true },
      shapes: { type: "boolean", default: true },
      "fork-limits": { type: "string", default: "public,paid" },
      "fork-shrink": { type: "string", default: "" },
      "side-sizes": { type: "string", default: "2000,1000,500,250" },
      "side-limits": { type: "string", default: "none,paid" },
      "side-budget": { type: "string", default: "20" },
      record: { type: "boolean", default: false },
      render: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    allowNegative: true,
    strict: true,
  });
}
