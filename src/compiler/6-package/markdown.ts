// Markdown helpers for the generated README: model text shown as text, never as markup. A cell
// cannot break its row (line breaks folded, pipes escaped), text cannot open HTML, a link, an image
// or emphasis (each Markdown punctuation character escaped), code cannot close its span early (the
// fence is longer than any run of backticks inside), and hidden characters are shown (visibleText).
import { visibleText } from "../../ir/visible-text.js";

const oneLine = (s: string): string => visibleText(s.replace(/\r\n|[\r\n\t]/g, " "));

/** Plain text in a table cell or paragraph: every character Markdown or HTML could read as markup escaped (a leading `-`, `+`, `=` or digit's list or heading too). */
export const text = (s: string): string =>
  oneLine(s)
    .replace(/[\\`*_[\]<>|&!~$#]/g, "\\$&")
    .replace(/^[-+=]|^(\d+)([.)])/, (m, digits?: string, mark?: string) => (digits ? `${digits}\\${mark}` : `\\${m}`));

/** The project's own Markdown (catalogue prose with code spans) in a table cell: line breaks folded, pipes escaped. Never model text: that is `text`. */
export const ownMarkdown = (s: string): string => s.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");

/** Code in a table cell (GFM unescapes `\|` inside code spans too). */
export function code(s: string): string {
  const inner = oneLine(s).replace(/\|/g, "\\|");
  const longest = Math.max(0, ...(inner.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(longest + 1);
  const pad = inner.startsWith("`") || inner.endsWith("`") || (inner.startsWith(" ") && inner.endsWith(" ")) ? " " : "";
  return `${ticks}${pad}${inner}${pad}${ticks}`;
}

export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
