/** Colours of the marks: distinct from one another, readable on the light and the dark background. */
const palette = ["#2f6fde", "#e8743b", "#19a979", "#c94fa8", "#945ecf", "#c99a06", "#13a4b4", "#e0474c"];
const othersColor = "#8b8f9a";

/** The chains' own colours, so that the move from Arbitrum One to Base reads at a glance. */
const chainColors: Record<number, string> = { 8453: "#2f6fde", 42161: "#e8743b" };

/** Names people know the chains by. */
const chainNames: Record<number, string> = { 8453: "Base", 42161: "Arbitrum One" };

export function colorAt(index: number): string {
  return index < 0 ? othersColor : (palette[index % palette.length] as string);
}

export function chainColor(chainId: number, index: number): string {
  return chainColors[chainId] ?? colorAt(index + 2);
}

/** A chain's name: Base, Arbitrum One, or meta.json's own name ("chain-10" → "Chain 10"). */
export function chainName(chainId: number, metaName = `chain-${chainId}`): string {
  return chainNames[chainId] ?? metaName.charAt(0).toUpperCase() + metaName.slice(1).replace("-", " ");
}

/** A colour of the page (a CSS variable), read now: charts are drawn again when the theme changes. */
export function cssColor(value: string): string {
  const name = /^var\((--[a-z-]+)\)$/.exec(value)?.[1];
  if (!name) return value;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
}

/** The page's text font for canvas text (axes, marks). */
export function canvasFont(size: number, weight = 400): string {
  const family = getComputedStyle(document.body).fontFamily || "sans-serif";
  return `${weight} ${size}px ${family}`;
}
