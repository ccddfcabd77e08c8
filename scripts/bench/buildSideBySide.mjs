// Side by side, in one run: `build` of the same closed sessions by two checkouts, alternating round
// after round so that both meet the same machine. Wall time and peak RSS per round (GNU time), then
// each side's mean, median and minimum, and the new side's against the old.
//
// Usage: node scripts/bench/buildSideBySide.mjs <old checkout> <old db> <new checkout> <new db> [rounds]
// BUILD_FLAGS: more flags for both sides' `build`, e.g. BUILD_FLAGS=--snapshot.
// Each checkout needs its dist/ built (node scripts/build.mjs). Give each side its own copy of the
// database: a checkout migrates it when it opens it (once, before the rounds).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [oldDir, oldDb, newDir, newDb, roundsText = "8"] = process.argv.slice(2);
if (!oldDir || !oldDb || !newDir || !newDb || !(Number(roundsText) > 0)) {
  console.error(
    "usage: node scripts/bench/buildSideBySide.mjs <old checkout> <old db> <new checkout> <new db> [rounds]",
  );
  process.exit(2);
}
const extraFlags = (process.env.BUILD_FLAGS ?? "").split(" ").filter(Boolean);
const scratch = mkdtempSync(join(tmpdir(), "build-side-by-side-"));
const sides = [
  { name: "old", dir: oldDir, db: oldDb, wall: [], rss: [] },
  { name: "new", dir: newDir, db: newDb, wall: [], rss: [] },
];

/** One `build` of a side: its wall seconds and peak RSS in MB. */
function build(side) {
  const out = join(scratch, side.name);
  rmSync(out, { recursive: true, force: true });
  const cli = join(side.dir, "bin/mor-throughput.js");
  const run = spawnSync(
    "/usr/bin/time",
    ["-f", "%e %M", "node", cli, "build", "--db", side.db, "--out", out, ...extraFlags],
    {
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`${side.name}: build failed (${run.status})\n${run.stderr}`);
  const [wall, kb] = run.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  return { wall, rss: kb / 1024 };
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

try {
  for (const side of sides) build(side); // migrations applied, the page cache warm
  for (let round = 0; round < Number(roundsText); round++)
    for (const side of sides) {
      const { wall, rss } = build(side);
      side.wall.push(wall);
      side.rss.push(rss);
    }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
for (const side of sides)
  console.log(
    `${side.name}: ${side.dir}: wall mean ${mean(side.wall).toFixed(3)} s, median ${median(side.wall).toFixed(3)} s, ` +
      `min ${Math.min(...side.wall).toFixed(3)} s; peak RSS mean ${mean(side.rss).toFixed(0)} MB, max ${Math.max(...side.rss).toFixed(0)} MB`,
  );
const [before, after] = sides;
const change = (pick) => `${((pick(after.wall) / pick(before.wall) - 1) * 100).toFixed(1)}%`;
console.log(
  `new against old: mean ${change(mean)}, median ${change(median)}, min ${change((v) => Math.min(...v))}`,
);
