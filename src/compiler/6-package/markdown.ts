// Markdown helpers for the generated README: table cells that cannot break a row.

/** Plain text in a table cell: pipes escaped, line breaks folded. */
export const text = (s: string): string => s.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");

/** Code in a table cell (GFM unescapes `\|` inside code spans too). */
export function code(s: string): string {
  const ticks = s.includes("`") ? "``" : "`";
  const pad = s.startsWith("`") || s.endsWith("`") ? " " : "";
  return `${ticks}${pad}${text(s)}${pad}${ticks}`;
}

export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
