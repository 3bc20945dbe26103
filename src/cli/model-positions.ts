// Where a model address (spec 2.13: `inputs.age`, `decisions.risk.rule[3]`, `decisions.risk.let.x`)
// stands in the JSON file the user edits, as line and column, so a diagnostic can point into the
// file as well as into the model. The JSON text is scanned once for the offset of every value.

interface Located {
  offset: number;
  /** object members in order, or array elements */
  members?: Map<string, Located>;
  elements?: Located[];
}

export interface Position {
  line: number;
  column: number;
}

const MAX_DEPTH = 512;

/** Offsets of every value in a JSON text; null when the text is not JSON (the reader reports that). */
export function locateValues(text: string): Located | null {
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (depth: number): Located => {
    if (depth > MAX_DEPTH) throw new Error("too deep");
    space();
    const at: Located = { offset: i };
    const c = text[i];
    if (c === "{") {
      i++;
      at.members = new Map();
      space();
      while (text[i] !== "}") {
        space();
        const key = string();
        space();
        i++; // :
        at.members.set(key, value(depth + 1));
        space();
        if (text[i] === ",") i++;
        space();
        if (i >= text.length) throw new Error("unterminated");
      }
      i++;
    } else if (c === "[") {
      i++;
      at.elements = [];
      space();
      while (text[i] !== "]") {
        at.elements.push(value(depth + 1));
        space();
        if (text[i] === ",") i++;
        space();
        if (i >= text.length) throw new Error("unterminated");
      }
      i++;
    } else if (c === '"') string();
    else while (i < text.length && /[^\s,\]}]/.test(text[i]!)) i++;
    return at;
  };
  try {
    JSON.parse(text);
    return value(0);
  } catch {
    return null;
  }
}

/** One step of an address from `node`: the longest member name that the address goes on with, or a row. */
function step(node: Located, rest: string): { next: Located; rest: string } | null {
  const row = /^(?:rule)?\[(\d+)\]/.exec(rest);
  if (row) {
    const rows = node.elements ?? node.members?.get("table")?.elements;
    const next = rows?.[Number(row[1])];
    return next ? { next, rest: rest.slice(row[0].length) } : null;
  }
  let best: string | null = null;
  for (const key of node.members?.keys() ?? []) {
    if (rest.startsWith(key) && /^($|[.[])/.test(rest.slice(key.length)) && (best === null || key.length > best.length)) best = key;
  }
  if (best !== null) return { next: node.members!.get(best)!, rest: rest.slice(best.length) };
  // `let.<entry>` where `let` is a list of one-entry objects
  const named = node.elements?.find((e) =>
    [...(e.members?.keys() ?? [])].some((k) => rest.startsWith(k) && /^($|[.[])/.test(rest.slice(k.length))),
  );
  return named ? { next: named, rest } : null;
}

/** The line and column (1-based) of the deepest part of `address` found in the file. */
export function positionOf(text: string, root: Located, address: string): Position {
  const model = root.members?.get("content") && !address.startsWith("questions.") ? root.members.get("content")! : root;
  let node = model;
  let rest = address;
  while (rest.length > 0) {
    const s = step(node, rest.startsWith(".") ? rest.slice(1) : rest);
    if (!s) break;
    node = s.next;
    rest = s.rest;
  }
  const before = text.slice(0, node.offset).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
