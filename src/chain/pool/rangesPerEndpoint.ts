/** Block ranges the follower keeps in flight per endpoint (prefetch). */
export const rangesPerEndpoint = 4;
