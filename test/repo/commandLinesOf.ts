import { codeSpansOf, markdownParts } from "./markdownParts.js";

export type CommandLine = { text: string; line: number };

/** Fenced blocks whose lines are shell commands (an info string of none is taken as shell too). */
const shellFences = new Set(["", "sh", "bash", "shell", "zsh", "console"]);

/**
 * The shell lines of a Markdown page that may hold commands: every line of its shell code blocks
 * (continuation lines ending in `\` joined; in a `console` block, the lines after a `$ ` prompt),
 * and every inline code span.
 */
export function commandLinesOf(markdown: string): CommandLine[] {
  const { fences, blocks } = markdownParts(markdown);
  const lines: CommandLine[] = [];
  for (const fence of fences) {
    if (!shellFences.has(fence.info)) continue;
    let pending: CommandLine | undefined;
    fence.lines.forEach((raw, index) => {
      let text = raw.trim();
      if (fence.info === "console" && pending === undefined) {
        if (!text.startsWith("$ ")) return;
        text = text.slice(2);
      }
      const continued = text.endsWith("\\");
      if (continued) text = text.slice(0, -1);
      pending = pending
        ? { text: `${pending.text} ${text}`, line: pending.line }
        : { text, line: fence.line + index };
      if (!continued) {
        lines.push(pending);
        pending = undefined;
      }
    });
    if (pending) lines.push(pending);
  }
  for (const block of blocks) {
    for (const span of codeSpansOf(block)) lines.push({ text: span.code, line: span.line });
  }
  return lines.sort((a, b) => a.line - b.line);
}
