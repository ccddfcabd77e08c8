// Where the time goes in a V8 CPU profile (node --cpu-prof): self time by function, and by package.
// Usage: node --import tsx scripts/bench/summarizeProfile.ts <file.cpuprofile> [top]
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type ProfileSummary = {
  totalMs: number;
  functions: Array<{ name: string; ms: number }>;
  packages: Array<{ name: string; ms: number }>;
};

/** Self time per function (name, file, line) and per package (node_modules name, or the file). */
export function summarizeProfile(profile: Profile, top = 25): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    total += micros;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.replace(/^file:\/\//, "");
    const where = file ? `${file.split("/").slice(-2).join("/")}:${frame.lineNumber + 1}` : "";
    const name = `${frame.functionName || "(anonymous)"}${where ? ` ${where}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
    const group =
      module ??
      (file.includes("/dist/") ? "mor-throughput (dist)" : file ? "node internals" : frame.functionName);
    packages.set(group, (packages.get(group) ?? 0) + micros);
  });
  const sorted = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: micros / 1000 }));
  return { totalMs: total / 1000, functions: sorted(functions), packages: sorted(packages) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    process.stderr.write("usage: summarizeProfile.ts <file.cpuprofile> [top]\n");
    process.exit(1);
  }
  const summary = summarizeProfile(JSON.parse(readFileSync(file, "utf8")) as Profile, Number(top ?? 25));
  const line = (entry: { name: string; ms: number }) =>
    `${entry.ms.toFixed(0).padStart(8)} ms  ${((100 * entry.ms) / summary.totalMs).toFixed(1).padStart(5)}%  ${entry.name}`;
  process.stdout.write(`${file}: ${summary.totalMs.toFixed(0)} ms sampled\n\nself time by function:\n`);
  process.stdout.write(`${summary.functions.map(line).join("\n")}\n\nself time by package:\n`);
  process.stdout.write(`${summary.packages.map(line).join("\n")}\n`);
}
