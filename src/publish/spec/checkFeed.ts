import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Changes } from "../../api/responseTypes.js";
import { entryId, feedPath, feedSize, forbiddenInXml, rfc3339 } from "../buildAtomFeed.js";

type Entry = { id?: unknown; updated?: unknown; title?: unknown; link?: unknown };

/**
 * market.atom (SPEC.md 1.3): well-formed XML, an Atom feed whose `updated` is changes.json's
 * as-of and whose entries are changes.json's newest 50 in its order (id and time each), every one
 * titled and linked.
 */
export function checkFeed(text: string | undefined, changes: Changes | undefined): string[] {
  if (text === undefined) return [`${feedPath}: missing`];
  // fast-xml-parser accepts characters XML 1.0 forbids; a strict reader refuses the whole feed.
  const forbidden = new RegExp(forbiddenInXml.source).exec(text);
  if (forbidden)
    return [`${feedPath}: not well-formed XML (a character XML 1.0 forbids at offset ${forbidden.index})`];
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true)
    return [`${feedPath}: not well-formed XML (${wellFormed.err.msg}, line ${wellFormed.err.line})`];
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" }).parse(
    text,
  ) as {
    feed?: { "@_xmlns"?: string; updated?: unknown; entry?: Entry[] };
  };
  const feed = parsed.feed;
  if (feed?.["@_xmlns"] !== "http://www.w3.org/2005/Atom") return [`${feedPath}: not an Atom feed`];
  if (!changes) return [];
  const problems: string[] = [];
  if (feed.updated !== rfc3339(changes.asOf))
    problems.push(
      `${feedPath}: updated ${String(feed.updated)}, expected changes.json's as-of ${rfc3339(changes.asOf)}`,
    );
  const entries = feed.entry ?? [];
  const newest = changes.changes.slice(0, feedSize);
  if (entries.length !== newest.length)
    problems.push(`${feedPath}: ${entries.length} entries, expected the newest ${newest.length} changes`);
  newest.forEach((change, k) => {
    const entry = entries[k];
    if (!entry) return;
    if (entry.id !== entryId(change) || entry.updated !== rfc3339(change.time))
      problems.push(
        `${feedPath}: entry ${k + 1} is ${String(entry.id)} at ${String(entry.updated)}, expected ${entryId(change)} at ${rfc3339(change.time)}`,
      );
    else if (typeof entry.title !== "string" || entry.title === "" || entry.link === undefined)
      problems.push(`${feedPath}: entry ${k + 1} has no title or no link`);
  });
  return problems;
}
