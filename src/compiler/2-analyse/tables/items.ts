// Splitting a cell at its top-level commas (not inside quotes, lists, calls or ranges; a range
// may open with `]` and close with `[`, so brackets alone cannot tell the depth).

export interface Item {
  text: string;
  /** offset of `text` in the cell */
  start: number;
}

export function splitTopLevel(text: string): Item[] {
  const items: Item[] = [];
  let depth = 0;
  let quoted = false;
  let from = 0;
  /** inside a range that opened at the start of an item: it ends at the first bracket after `..` */
  let inRange = false;
  let sawDots = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === "\\") i++;
      else if (c === '"') quoted = false;
      continue;
    }
    if (c === '"') quoted = true;
    else if (inRange && depth === 0) {
      if (c === "." && text[i + 1] === ".") sawDots = true;
      else if (c === "(") depth++;
      else if (sawDots && (c === "]" || c === ")" || c === "[")) inRange = false;
    } else if ((c === "[" || c === "]" || c === "(") && depth === 0 && text.slice(from, i).trim() === "" && rangeAhead(text, i)) {
      inRange = true;
      sawDots = false;
    } else if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && depth > 0) depth--;
    else if (c === "," && depth === 0) {
      items.push(trimmed(text.slice(from, i), from));
      from = i + 1;
    }
  }
  items.push(trimmed(text.slice(from), from));
  return items;
}

/** Does a `..` follow before the next comma (outside quotes)? */
function rangeAhead(text: string, at: number): boolean {
  let quoted = false;
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === "\\") i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ",") return false;
    else if (c === "." && text[i + 1] === ".") return true;
  }
  return false;
}

export function trimmed(text: string, start: number): Item {
  const lead = text.length - text.trimStart().length;
  return { text: text.trim(), start: start + lead };
}
