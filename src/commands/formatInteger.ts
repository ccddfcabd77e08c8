/** Integers with thousands separators, for the summary and progress lines: 12,345. */
export const integer = new Intl.NumberFormat("en-US");
