import type { Period } from "../api/periods.js";

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const weiPerMor = 10n ** 18n;

/** Groups the digits of a non-negative integer string: "1234567" → "1,234,567" (no float on the way). */
const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** How the page writes numbers, times and identifiers: the same everywhere on it. */
export const format = {
  /** 1234567 → "1,234,567": exact, so the cards can be checked against summary.json. */
  integer: (value: number): string => integer.format(value),
  /** A number with at most `digits` decimals, trailing zeros dropped: 48.5 → "48.5". */
  decimal: (value: number, digits: number): string =>
    new Intl.NumberFormat("en-US", { maximumFractionDigits: digits }).format(value),
  /** Median TTFT in seconds (exact to the millisecond), or a dash when nothing measured it. */
  seconds: (value: number | undefined | null): string =>
    value === undefined || value === null ? "—" : `${value.toFixed(3)} s`,
  /** Median speed, output tokens per second (exact: three decimals at most). */
  tps: (value: number | undefined | null): string =>
    value === undefined || value === null ? "—" : `${format.decimal(value, 3)} tok/s`,
  /** Session time in hours: whole hours from 100 h, one decimal below. */
  hours: (seconds: number): string => {
    const hours = seconds / 3600;
    return `${hours >= 100 ? integer.format(Math.round(hours)) : format.decimal(hours, 1)} h`;
  },
  /** A share as a percentage with one decimal; a dash when the whole is 0. */
  share: (part: number, whole: number): string =>
    whole === 0 ? "—" : `${((part / whole) * 100).toFixed(1)} %`,
  /** Wei (decimal string) → MOR, rounded half up to `digits` decimals with BigInt arithmetic (trailing zeros kept). */
  mor: (wei: string, digits = 2): string => {
    const unit = 10n ** BigInt(18 - digits);
    const rounded = (BigInt(wei) + unit / 2n) / unit;
    const scale = 10n ** BigInt(digits);
    const whole = group((rounded / scale).toString());
    const fraction = digits > 0 ? `.${(rounded % scale).toString().padStart(digits, "0")}` : "";
    return `${whole}${fraction} MOR`;
  },
  /**
   * Wei → MOR for prices: whole MOR from 100, two decimals from 1, else three significant digits
   * (0.00360 MOR); rounded half up with BigInt arithmetic.
   */
  morShort: (wei: string | bigint): string => {
    const value = BigInt(wei);
    if (value >= 100n * weiPerMor) return format.mor(value.toString(), 0);
    if (value >= weiPerMor || value === 0n) return format.mor(value.toString(), 2);
    const zeros = 18 - value.toString().length;
    return format.mor(value.toString(), Math.min(18, zeros + 3));
  },
  /** A bid's price per second (wei) as MOR per hour. */
  perHour: (pricePerSecond: bigint): string => `${format.morShort(pricePerSecond * 3600n)}/h`,
  /** Wei (decimal string) → MOR as a number: for drawing only, never for a printed value. */
  morNumber: (wei: string): number => Number(BigInt(wei) / 10n ** 12n) / 1e6,
  /** Wei → the exact MOR amount, all 18 decimals kept (trailing zeros dropped): for CSV files. */
  morExact: (wei: string): string => {
    const value = BigInt(wei);
    const fraction = (value % weiPerMor).toString().padStart(18, "0").replace(/0+$/, "");
    return `${value / weiPerMor}${fraction ? `.${fraction}` : ""}`;
  },
  /** Unix seconds → "2026-11-20 12:00 UTC". */
  utc: (ts: number): string => `${new Date(ts * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`,
  /** Unix seconds → "20 Nov 2026". */
  day: (ts: number): string => {
    const date = new Date(ts * 1000);
    return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  },
  /** The period starting at `ts`, as a person names it (UTC, 24-hour clock). */
  period: (period: Period, ts: number): string => {
    const date = new Date(ts * 1000);
    if (period === "monthly") return `${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
    if (period === "daily") return format.day(ts);
    return `${format.day(ts)} ${String(date.getUTCHours()).padStart(2, "0")}:00 UTC`;
  },
  /** Short month name of a UTC date. */
  month: (ts: number): string => months[new Date(ts * 1000).getUTCMonth()] ?? "",
  /** A duration back from now: "just now", "12 min ago", "3 h ago", "5 days ago". */
  ago: (seconds: number): string => {
    if (seconds < 60) return "just now";
    if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
    if (seconds < 2 * 86_400) return `${Math.floor(seconds / 3600)} h ago`;
    return `${Math.floor(seconds / 86_400)} days ago`;
  },
  /** A length of time: "1 hour", "6 hours", "1 day". */
  interval: (seconds: number): string => {
    if (seconds % 86_400 === 0) return seconds === 86_400 ? "day" : `${seconds / 86_400} days`;
    if (seconds % 3600 === 0) return seconds === 3600 ? "hour" : `${seconds / 3600} hours`;
    return `${Math.round(seconds / 60)} minutes`;
  },
  /** 0x1234567890… → "0x1234…7890". */
  shortHex: (hex: string): string => (hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex),
};
