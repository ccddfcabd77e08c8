const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** How the page writes numbers, times and identifiers: the same everywhere on it. */
export const format = {
  /** 1234567 → "1,234,567": exact, so the cards can be checked against summary.json. */
  integer: (value: number): string => integer.format(value),
  /** Axis labels: 1234567 → "1.2M". */
  compact: (value: number): string => compact.format(value),
  /** Median TTFT in seconds (exact to the millisecond), or a dash when nothing measured it. */
  seconds: (value: number | undefined): string => (value === undefined ? "—" : `${value.toFixed(3)} s`),
  /** Unix seconds → "2026-11-20 12:00 UTC". */
  utc: (ts: number): string => `${new Date(ts * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`,
  /** Wei (decimal string) → MOR with up to 4 decimals. */
  mor: (wei: string): string => {
    const value = BigInt(wei);
    const whole = value / 10n ** 18n;
    const fraction = ((value % 10n ** 18n) / 10n ** 14n).toString().padStart(4, "0").replace(/0+$/, "");
    return `${integer.format(whole)}${fraction ? `.${fraction}` : ""} MOR`;
  },
  /** 0x1234567890… → "0x1234…7890". */
  shortHex: (hex: string): string => (hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex),
};
