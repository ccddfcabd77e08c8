/**
 * The simple commands of one shell line, each as its words: quotes and backslashes removed, a
 * comment dropped, split at `&&`, `||`, `;` and `|`; an output redirection (`> file`, `2>&1`) is
 * the shell's, dropped with its target. A placeholder in angle brackets
 * (`<base endpoint>`, `https://<you>.github.io/`) stays one word, spaces included: in the docs it
 * stands for a value, never for a redirection.
 */
export function shellCommands(line: string): string[][] {
  const commands: string[][] = [[]];
  let word: string | undefined;
  const endWord = () => {
    if (word !== undefined) commands[commands.length - 1]?.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    commands.push([]);
  };
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    const next = line[i + 1];
    if (/\s/.test(char)) {
      endWord();
    } else if (char === "#" && word === undefined) {
      break; // a comment, to the end of the line
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? "") + line.slice(i + 1, end < 0 ? line.length : end);
      i = end < 0 ? line.length : end;
    } else if (char === '"') {
      let text = "";
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === "\\" && i + 1 < line.length) i++;
        text += line[i];
      }
      word = (word ?? "") + text;
    } else if (char === "\\" && next !== undefined) {
      word = (word ?? "") + next;
      i++;
    } else if (char === "<") {
      const end = line.indexOf(">", i + 1);
      word = (word ?? "") + line.slice(i, end < 0 ? line.length : end + 1);
      i = end < 0 ? line.length : end;
    } else if ((char === "&" && next === "&") || (char === "|" && next === "|")) {
      endCommand();
      i++;
    } else if (char === ";" || char === "|") {
      endCommand();
    } else if (char === ">") {
      // `>`, `>>`, `2>` (its digit already read as a word of its own), `>&1`: not the command's.
      if (word !== undefined && /^\d$/.test(word)) word = undefined;
      endWord();
      if (next === ">") i++;
      if (line[i + 1] === "&") {
        i++;
        while (i + 1 < line.length && /\d/.test(line[i + 1] as string)) i++;
        continue;
      }
      while (i + 1 < line.length && /\s/.test(line[i + 1] as string)) i++;
      while (i + 1 < line.length && !/[\s;&|]/.test(line[i + 1] as string)) i++;
    } else {
      word = (word ?? "") + char;
    }
  }
  endWord();
  return commands.filter((words) => words.length > 0);
}
