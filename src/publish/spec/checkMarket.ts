import type { Market, PairWindow, Summary } from "../../api/responseTypes.js";
import { checkChecksum } from "./checkChecksum.js";
import { checkPairBids, checkRouter } from "./checkMarket13.js";
import { checkOrder } from "./checkOrder.js";
import { checkWindows } from "./checkWindows.js";

const windowNames = ["24h", "7d", "30d", "all"] as const;

/**
 * The rules of SPEC.md 1.2 that market.json shows by itself: models sorted by modelId and
 * providers by provider (lowercase, each once, EIP-55), every provider there for a closed session
 * of its pair or an offer, offers sorted by chainId, createdAt, bidId, each posted at or before
 * the as-of (`asOf`: meta.json's, when given, must be the file's), windows nested, a pair's
 * `providers` and `models` 1 where it closed, earnedPerMillionTokens exactly where the window has
 * tokens; and 1.3's: each pair's bids and its offers among them, each model's router
 * (checkMarket13.ts).
 */
export function checkMarket(market: Market, asOf: number | undefined): string[] {
  const problems: string[] = [];
  if (asOf !== undefined && market.asOf !== asOf)
    problems.push(`market.json: asOf ${market.asOf} is not meta.json's ${asOf}`);
  problems.push(...checkOrder("market.json: /models", market.models, [(item) => item.modelId]));
  for (const [m, model] of market.models.entries()) {
    const where = `market.json: /models/${m}`;
    if (model.providers.length === 0) problems.push(`${where}: no provider, so no item`);
    problems.push(...checkOrder(`${where}/providers`, model.providers, [(item) => item.provider]));
    for (const [p, pair] of model.providers.entries()) {
      const at = `${where}/providers/${p}`;
      problems.push(...checkChecksum(`${at}/provider`, pair.provider));
      problems.push(
        ...checkOrder(`${at}/offers`, pair.offers, [
          (offer) => offer.chainId,
          (offer) => offer.createdAt,
          (offer) => offer.bidId,
        ]),
      );
      const ids = pair.offers.map((offer) => `${offer.chainId}:${offer.bidId}`);
      if (new Set(ids).size !== ids.length) problems.push(`${at}/offers lists a bid twice`);
      for (const [k, offer] of pair.offers.entries())
        if (offer.createdAt > market.asOf)
          problems.push(
            `${at}/offers/${k}: created at ${offer.createdAt}, after the as-of ${market.asOf}: not standing then`,
          );
      problems.push(...checkPairBids(at, pair, market.asOf));
      problems.push(...checkWindows(`${at}/windows`, pair.windows as unknown as Summary));
      for (const name of windowNames)
        problems.push(...checkPairWindow(`${at}/windows/${name}`, pair.windows[name]));
    }
    problems.push(...checkRouter(where, model));
  }
  return problems;
}

function checkPairWindow(where: string, window: PairWindow): string[] {
  const problems: string[] = [];
  const expected = window.sessions > 0 ? 1 : 0;
  for (const key of ["providers", "models"] as const)
    if (window[key] !== expected)
      problems.push(`${where}: ${key} is ${window[key]}, expected ${expected} (the pair itself)`);
  const hasTokens = window.tokens > 0;
  if (hasTokens !== (window.earnedPerMillionTokens !== undefined))
    problems.push(
      hasTokens
        ? `${where}: tokens ${window.tokens} but no earnedPerMillionTokens`
        : `${where}: earnedPerMillionTokens without tokens`,
    );
  return problems;
}
