import { existsSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { markdownParts, withoutCodeSpans } from "./markdownParts.js";

/** An inline link or image: `[text](target)`, `![alt](target "title")`. */
const inlineLink = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^\s()<>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** A link reference definition: `[label]: target`. */
const referenceDefinition = /^ {0,3}\[[^\]]+\]:\s*<?([^\s<>]+)>?/gm;

/**
 * The relative links of a Markdown page (`path`, relative to the repository `root`) that lead
 * nowhere: to a file that does not exist, or to an #anchor that is no heading of the file it
 * names. Links with a scheme (https:, mailto:) are not followed; links in code are not links.
 */
export function deadLinksOf(root: string, path: string, markdown: string): string[] {
  const dead: string[] = [];
  for (const block of markdownParts(markdown).blocks) {
    const text = withoutCodeSpans(block.text);
    for (const match of [...text.matchAll(inlineLink), ...text.matchAll(referenceDefinition)]) {
      const target = match[1] as string;
      const line = block.line + text.slice(0, match.index).split("\n").length - 1;
      const problem = problemOf(root, path, markdown, target);
      if (problem) dead.push(`${path}:${line}: ${target}: ${problem}`);
    }
  }
  return dead;
}

function problemOf(root: string, from: string, markdown: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return undefined;
  const hash = target.indexOf("#");
  const file = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  if (file === "")
    return anchor && !anchorsOf(markdown).has(anchor) ? `no heading #${anchor} in ${from}` : undefined;
  const resolved = file.startsWith("/") ? file.slice(1) : posix.join(posix.dirname(from), file);
  if (resolved.startsWith("../")) return "leads out of the repository";
  const absolute = join(root, resolved);
  if (!existsSync(absolute)) return `no such file (${resolved})`;
  if (anchor === undefined || anchor === "") return undefined;
  if (statSync(absolute).isDirectory() || !resolved.endsWith(".md"))
    return `an anchor into ${resolved}, which is no Markdown page`;
  return anchorsOf(readFileSync(absolute, "utf8")).has(anchor)
    ? undefined
    : `no heading #${anchor} in ${resolved}`;
}

/**
 * The anchors GitHub gives a page's headings (ATX `## ...` and setext), and those of explicit
 * `<a id="...">` / `<a name="...">` tags: the heading's text in lower case, without its markup
 * and punctuation, spaces as hyphens; a repeated one gets `-1`, `-2`, ...
 */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const add = (heading: string) => {
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  };
  for (const block of markdownParts(markdown).blocks) {
    const lines = block.text.split("\n");
    lines.forEach((line, i) => {
      const atx = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
      if (atx) add(atx[1] as string);
      const previous = lines[i - 1];
      if (i > 0 && previous !== undefined && /^ {0,3}(=+|-+)\s*$/.test(line) && !/^\s*[|>*+-]/.test(previous))
        add(previous.trim());
      for (const tag of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(tag[1] as string);
    });
  }
  return anchors;
}

function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}
