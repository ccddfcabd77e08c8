/**
 * An error and its causes, outermost first, each once (a cause chain that loops ends at the loop):
 * what the exit code is read from, and what a damaged database is recognised by.
 */
export function* causeChain(error: unknown): Generator<Error> {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    yield current;
  }
}
