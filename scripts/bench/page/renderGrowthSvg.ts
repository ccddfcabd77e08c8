import type { SideMeasure, SideRun } from "../scale/scaleTypes.js";

/** The figure of docs/performance.md, beside it. */
export const figureFile = "docs/performance-growth.svg";

type Series = { label: string; color: string; dashed: boolean; points: Array<[number, number]> };

const colors: Record<string, string> = { none: "#1f6feb", paid: "#d4700b", public: "#8250df" };
const panelWidth = 360;
const panelHeight = 260;
const margin = { left: 64, right: 16, top: 36, bottom: 44 };

/**
 * Wall time and HTTP requests against the chain's length, both axes logarithmic, for each tool
 * and limit set of the side-by-side runs where the tool finished (pure: the same runs give the
 * same bytes). Null when no run has two finished lengths to draw.
 */
export function renderGrowthSvg(side: readonly SideRun[]): string | null {
  const limitSets = [...new Set(side.map((run) => run.limits))];
  const series = (measure: (m: SideMeasure) => number): Series[] =>
    limitSets.flatMap((limits) => {
      const runs = side
        .filter((run) => run.limits === limits)
        .sort((a, b) => a.blocksScanned - b.blocksScanned);
      const color = colors[limits] ?? "#57606a";
      const of = (tool: (run: SideRun) => SideMeasure | null): Array<[number, number]> =>
        runs.flatMap((run) => {
          const m = tool(run);
          return m?.finished ? [[run.blocksScanned, measure(m)] as [number, number]] : [];
        });
      return [
        { label: `mor-throughput, ${limits} limits`, color, dashed: false, points: of((run) => run.mor) },
        { label: `Ponder, ${limits} limits`, color, dashed: true, points: of((run) => run.ponder) },
      ].filter((s) => s.points.length >= 2);
    });
  const wall = series((m) => m.wallSeconds);
  const requests = series((m) => m.requests);
  if (wall.length === 0) return null;
  const width = 2 * panelWidth;
  const legendHeight = 20 * Math.ceil(wall.length / 2) + 12;
  const height = panelHeight + legendHeight;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11" role="img">`,
    "<title>mor-throughput and Ponder side by side: wall time and HTTP requests against the chain's length</title>",
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    panel(0, "Wall time, seconds", wall),
    panel(panelWidth, "HTTP requests", requests),
  ];
  wall.forEach((s, i) => {
    const x = 16 + (i % 2) * panelWidth;
    const y = panelHeight + 16 + 20 * Math.floor(i / 2);
    parts.push(
      `<line x1="${x}" y1="${y - 4}" x2="${x + 28}" y2="${y - 4}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ""}/>`,
      `<text x="${x + 36}" y="${y}">${s.label}</text>`,
    );
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}

function panel(x0: number, title: string, series: Series[]): string {
  const all = series.flatMap((s) => s.points);
  const [xs, ys] = [all.map((p) => p[0]), all.map((p) => p[1])];
  const xRange = decades(Math.min(...xs), Math.max(...xs));
  const yRange = decades(Math.min(...ys), Math.max(...ys));
  const plotW = panelWidth - margin.left - margin.right;
  const plotH = panelHeight - margin.top - margin.bottom;
  const px = (v: number) =>
    x0 + margin.left + (plotW * (Math.log10(v) - xRange[0])) / (xRange[1] - xRange[0]);
  const py = (v: number) =>
    margin.top + plotH - (plotH * (Math.log10(v) - yRange[0])) / (yRange[1] - yRange[0]);
  const f = (n: number) => n.toFixed(1);
  const out = [
    `<text x="${f(x0 + margin.left)}" y="20" font-size="13" font-weight="bold">${title}</text>`,
    `<text x="${f(x0 + margin.left + plotW / 2)}" y="${margin.top + plotH + 32}" text-anchor="middle" fill="#57606a">blocks scanned (both axes logarithmic)</text>`,
    `<rect x="${f(x0 + margin.left)}" y="${margin.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#d0d7de"/>`,
  ];
  for (let e = xRange[0]; e <= xRange[1]; e++) {
    const x = px(10 ** e);
    out.push(
      `<line x1="${f(x)}" y1="${margin.top}" x2="${f(x)}" y2="${margin.top + plotH}" stroke="#eaeef2"/>`,
      `<text x="${f(x)}" y="${margin.top + plotH + 16}" text-anchor="middle">${tick(e)}</text>`,
    );
  }
  for (let e = yRange[0]; e <= yRange[1]; e++) {
    const y = py(10 ** e);
    out.push(
      `<line x1="${f(x0 + margin.left)}" y1="${f(y)}" x2="${f(x0 + margin.left + plotW)}" y2="${f(y)}" stroke="#eaeef2"/>`,
      `<text x="${f(x0 + margin.left - 6)}" y="${f(y + 4)}" text-anchor="end">${tick(e)}</text>`,
    );
  }
  for (const s of series) {
    const points = s.points.map(([x, y]) => `${f(px(x))},${f(py(y))}`).join(" ");
    out.push(
      `<polyline points="${points}" fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ""}/>`,
    );
    for (const [x, y] of s.points)
      out.push(`<circle cx="${f(px(x))}" cy="${f(py(y))}" r="3" fill="${s.color}"/>`);
  }
  return out.join("\n");
}

/** Whole decades around [min, max]: at least one. */
function decades(min: number, max: number): [number, number] {
  const low = Math.floor(Math.log10(min));
  const high = Math.ceil(Math.log10(max));
  return [low, Math.max(high, low + 1)];
}

function tick(exponent: number): string {
  const value = 10 ** exponent;
  if (value >= 1e6) return `${value / 1e6}M`;
  if (value >= 1e3) return `${value / 1e3}k`;
  return String(value);
}
