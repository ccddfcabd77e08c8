/** A fenced code block: its info string (the language) and its lines; `line` is the first one's (1-based). */
export type Fence = { info: string; lines: string[]; line: number };
/** A run of consecutive non-blank lines outside fences (a paragraph, a list item, a table). */
export type Block = { text: string; line: number };
/** An inline code span: its content (line breaks as spaces), and the line it starts on. */
export type CodeSpan = { code: string; line: number };

/** A Markdown page split into its fenced code blocks and the blocks of text between them. */
export function markdownParts(markdown: string): { fences: Fence[]; blocks: Block[] } {
  const lines = markdown.split(/\r?\n/);
  const fences: Fence[] = [];
  const blocks: Block[] = [];
  let fence: (Fence & { marker: string }) | undefined;
  let block: { lines: string[]; line: number } | undefined;
  const endBlock = () => {
    if (block) blocks.push({ text: block.lines.join("\n"), line: block.line });
    block = undefined;
  };
  lines.forEach((text, index) => {
    const number = index + 1;
    if (fence) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(text)?.[1];
      if (close && close[0] === fence.marker[0] && close.length >= fence.marker.length) {
        fences.push({ info: fence.info, lines: fence.lines, line: fence.line });
        fence = undefined;
      } else {
        fence.lines.push(text);
      }
      return;
    }
    const open = /^\s*(`{3,}|~{3,})\s*([^`\s]*)/.exec(text);
    if (open) {
      endBlock();
      fence = {
        marker: open[1] as string,
        info: (open[2] as string).toLowerCase(),
        lines: [],
        line: number + 1,
      };
      return;
    }
    if (text.trim() === "") {
      endBlock();
      return;
    }
    block ??= { lines: [], line: number };
    block.lines.push(text);
  });
  endBlock();
  return { fences, blocks };
}

/** A code span: a run of backticks, then anything, then a run of as many (CommonMark). */
const codeSpan = /(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;

/** The inline code spans of a block of text. */
export function codeSpansOf(block: Block): CodeSpan[] {
  return [...block.text.matchAll(codeSpan)].map((match) => ({
    code: (match[2] as string).replace(/\s*\n\s*/g, " ").trim(),
    line: block.line + countLineBreaks(block.text.slice(0, match.index)),
  }));
}

/** The text of a block without its code spans (each replaced by a space), for reading its links. */
export function withoutCodeSpans(text: string): string {
  return text.replace(codeSpan, (span) => span.replace(/[^\n]/g, " "));
}

function countLineBreaks(text: string): number {
  return text.split("\n").length - 1;
}
