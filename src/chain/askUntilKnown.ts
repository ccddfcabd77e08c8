/**
 * Asks until the answer is not null, up to `attempts` times, waiting `delayMs` × the attempt
 * between asks; null when it never is. A backend behind a load balancer may not know a block
 * that another one has just announced: asked again a little later, it usually does.
 */
export async function askUntilKnown<T>(
  ask: () => Promise<T | null>,
  options: { attempts: number; delayMs: number },
): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    const answer = await ask();
    if (answer !== null || attempt >= options.attempts) return answer;
    await new Promise((resolve) => setTimeout(resolve, options.delayMs * attempt));
  }
}
