import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/** The dashboard's colour variables, light (:root) and dark (the prefers-color-scheme block). */
function themes(css: string): { light: Map<string, string>; dark: Map<string, string> } {
  const dark = css.indexOf("@media (prefers-color-scheme: dark)");
  const read = (text: string) =>
    new Map(
      [...text.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1] as string, m[2] as string]),
    );
  return { light: read(css.slice(0, dark)), dark: read(css.slice(dark)) };
}

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text colour on background colour, as the style sheets use them. */
const textPairs = [
  ["fg", "bg"],
  ["fg", "panel"],
  ["fg", "selected"],
  ["muted", "bg"],
  ["muted", "panel"],
  ["axis", "panel"],
  ["accent", "panel"],
  ["on-accent", "accent"],
  ["error", "panel"],
  ["warn-fg", "warn-bg"],
  ["ok", "panel"],
] as const;

describe("the dashboard's colours", () => {
  const css = readFileSync(join(import.meta.dirname, "..", "..", "src", "dashboard", "style.css"), "utf8");
  const { light, dark } = themes(css);

  test.each(["light", "dark"] as const)(
    "default: %s theme: every text colour reaches WCAG AA (4.5:1) on its background",
    (name) => {
      const theme = name === "light" ? light : dark;
      const below = textPairs
        .map(([text, back]) => ({
          pair: `${text} on ${back}`,
          ratio: contrast(theme.get(text) ?? "", theme.get(back) ?? ""),
        }))
        .filter(({ ratio }) => !(ratio >= 4.5));
      expect(below).toEqual([]);
    },
  );

  test("error: the check fails on a pair that is too pale (grey #999999 on white is 2.8:1)", () => {
    expect(contrast("#999999", "#ffffff")).toBeCloseTo(2.85, 2);
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});
