// A table whose value columns are versions of one record ("| Field | v1 (Aug 3) | v2 (Aug 19, FINAL) |",
// "Before / After", "Original / Revised") gives the latest version: the cells of every other version
// column, and the version names of its heading, are blanked before any cue is read, with spaces of their length (as struck-out text is), so
// the text keeps its length and spans still point into it as written. The latest is the one column
// its heading marks so (final, current, revised…), else the rightmost. Pipe and tab tables alike;
// one pass over the lines.

/** A value column's heading naming a version of the record. */
const VERSION =
  /^(v(?:ersion)?\s*\.?\s*\d+|rev(?:ision)?\.?\s*\d+|draft\s*\d+|quote\s*\d+|offer\s*\d+|old|new|before|after|previous|prior|original|initial|current|latest|updated|revised|amended|final|agreed)\b/i;
/** A version heading marking itself the one in force. */
const LATEST = /\b(final|current|latest|updated|revised|amended|agreed|new|after)\b/i;

interface Cell {
  start: number;
  end: number;
  text: string;
}

/** The cells of a table line with their offsets in the line: cut at pipes or tabs, a markdown line's outer pipes dropped. */
function cellsOf(line: string): Cell[] | undefined {
  const sep = line.includes("|") ? "|" : line.includes("\t") ? "\t" : undefined;
  if (!sep) return undefined;
  const out: Cell[] = [];
  let start = 0;
  for (let i = 0; i <= line.length; i++) {
    if (i === line.length || line[i] === sep) {
      out.push({ start, end: i, text: line.slice(start, i).trim() });
      start = i + 1;
    }
  }
  if (sep === "|") {
    if (out[0]?.text === "") out.shift();
    if (out[out.length - 1]?.text === "") out.pop();
  }
  return out.length >= 3 ? out : undefined;
}

/** A markdown table's rule line ("|---|:--:|"). */
const isRule = (cells: Cell[]): boolean => cells.every((c) => /^:?-{2,}:?$/.test(c.text));

/** Which columns of a heading row are superseded versions: every value column a version, two or more; else none. */
function superseded(head: Cell[]): Set<number> {
  const values = head.slice(1);
  if (values.length < 2 || !values.every((c) => VERSION.test(c.text))) return new Set();
  const marked = values.flatMap((c, i) => (LATEST.test(c.text) ? [i + 1] : []));
  const latest = marked.length === 1 ? marked[0]! : head.length - 1;
  return new Set(head.flatMap((_, i) => (i > 0 && i !== latest ? [i] : [])));
}

/** The text with the superseded version columns of its tables blanked; a text with none as it is. */
export function withoutSupersededColumns(text: string): string {
  if (!text.includes("|") && !text.includes("\t")) return text;
  const lines = text.split("\n");
  let blank = new Set<number>();
  let width = 0;
  let changed = false;
  for (let n = 0; n < lines.length; n++) {
    const cells = cellsOf(lines[n]!);
    if (!cells) {
      width = 0;
      continue;
    }
    let heading = false;
    if (cells.length !== width) {
      // a table starts here (after a line that is not one, or one of another width): this is its heading
      blank = superseded(cells);
      width = cells.length;
      heading = true;
    }
    if (blank.size === 0 || isRule(cells)) continue;
    let line = lines[n]!;
    // the heading's version names ("Rev. 3 (agreed)", "v2 (Aug 19)") are no values of the record: all blanked
    for (const i of heading ? cells.keys() : blank) {
      if (i === 0) continue;
      const c = cells[i]!;
      line = line.slice(0, c.start) + " ".repeat(c.end - c.start) + line.slice(c.end);
    }
    lines[n] = line;
    changed = true;
  }
  return changed ? lines.join("\n") : text;
}
