export type Stacked = {
  /** Running totals: row i is the sum of rows 0..i of the input. */
  data: number[][];
  /** uPlot bands (1-based series indices): each series is filled down to the one below it. */
  bands: Array<{ series: [number, number] }>;
};

/** Stacks series for an area chart: the top line of the stack is the total. */
export function stackSeries(rows: ReadonlyArray<ReadonlyArray<number>>): Stacked {
  const data: number[][] = [];
  let below: number[] | undefined;
  for (const row of rows) {
    const stacked = row.map((value, index) => value + (below?.[index] ?? 0));
    data.push(stacked);
    below = stacked;
  }
  const bands = data.slice(1).map((_, index) => ({ series: [index + 2, index + 1] as [number, number] }));
  return { data, bands };
}
