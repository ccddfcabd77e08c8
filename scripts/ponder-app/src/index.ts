import { ponder } from "ponder:registry";
import { bid, close, model, session } from "ponder:schema";

type Hex = `0x${string}`;

/**
 * The reads mor-throughput makes for a session, made the way a Ponder app makes them: in the
 * event's handler, at the event's block. getSession for the session, getBid for its bid, getModel
 * for the bid's model (for its name).
 */
async function enrich(context: Parameters<Parameters<typeof ponder.on>[1]>[0]["context"], sessionId: Hex) {
  const { abi, address } = context.contracts.Marketplace;
  const state = await context.client.readContract({
    abi,
    address,
    functionName: "getSession",
    args: [sessionId],
  });
  const offer = await context.client.readContract({
    abi,
    address,
    functionName: "getBid",
    args: [state.bidId],
  });
  const info = await context.client.readContract({
    abi,
    address,
    functionName: "getModel",
    args: [offer.modelId],
  });
  await context.db
    .insert(bid)
    .values({
      id: state.bidId,
      provider: offer.provider,
      modelId: offer.modelId,
      pricePerSecond: offer.pricePerSecond,
    })
    .onConflictDoNothing();
  await context.db
    .insert(model)
    .values({ id: offer.modelId, name: info.name })
    .onConflictDoUpdate({ name: info.name });
  return { state, offer };
}

ponder.on("Marketplace:SessionOpened", async ({ event, context }) => {
  const { state, offer } = await enrich(context, event.args.sessionId);
  await context.db
    .insert(session)
    .values({
      id: event.args.sessionId,
      bidId: state.bidId,
      provider: offer.provider,
      modelId: offer.modelId,
      stake: state.stake,
      openedAt: Number(state.openedAt),
      endsAt: Number(state.endsAt),
      openedBlock: Number(event.block.number),
    })
    .onConflictDoNothing();
});

ponder.on("Marketplace:SessionClosed", async ({ event, context }) => {
  const { state, offer } = await enrich(context, event.args.sessionId);
  const receipt = state.closeoutReceipt;
  // Signed receipts of at least 160 bytes carry ttftMs (word 4); 224 bytes and more, tokens (words 5, 6).
  const word = (k: number) => Number.parseInt(receipt.slice(2 + 64 * k + 56, 2 + 64 * (k + 1)), 16);
  const bytes = (receipt.length - 2) / 2;
  const signed = state.closeoutType === 0n && bytes >= 160;
  await context.db
    .insert(close)
    .values({
      id: event.args.sessionId,
      closedAt: Number(state.closedAt),
      closeoutType: state.closeoutType,
      receipt,
      tokens: signed && bytes >= 224 ? word(5) + word(6) : 0,
      ttftMs: signed ? word(4) : 0,
      provider: offer.provider,
      modelId: offer.modelId,
      blockNumber: Number(event.block.number),
    })
    .onConflictDoNothing();
});
