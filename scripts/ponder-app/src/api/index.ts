import { db } from "ponder:api";
import { bid, close, model, session } from "ponder:schema";
import { Hono } from "hono";
import { count } from "ponder";

// Ponder requires an API file; the bench reads these counts to check that the peer indexed everything.
const app = new Hono();

app.get("/bench/counts", async (c) => {
  const rows = async (table: typeof session | typeof close | typeof bid | typeof model) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return c.json({
    sessions: await rows(session),
    closes: await rows(close),
    bids: await rows(bid),
    models: await rows(model),
  });
});

export default app;
