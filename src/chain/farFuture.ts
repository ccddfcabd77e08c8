/**
 * Unix seconds past any plausible block time (2^40 s: the year 36812). A time word of the contract
 * above it is no time a block has had: getBid's createdAt and deletedAt are read as this bound
 * (readBids.ts), a session's times make its getSession read fail (readSessions.ts).
 */
export const farFuture = 2n ** 40n;
