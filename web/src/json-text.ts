// Where values stand in the model's JSON text: the value at a JSON path or a model address as a
// character range, the characters of a string value mapped back to the text, and edits that
// replace one value and leave the rest of the file as the user wrote it.
import { locateValues, positionOf } from "../../src/cli/model-positions.js";

export type Located = NonNullable<ReturnType<typeof locateValues>>;
export type JsonPath = readonly (string | number)[];
export interface Range {
  from: number;
  to: number;
}

export { locateValues };

/** The offset just after the JSON value that starts at `offset`. */
function valueEnd(text: string, offset: number): number {
  let depth = 0;
  let i = offset;
  do {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (depth === 0) {
      while (i + 1 < text.length && /[^\s,\]}]/.test(text[i + 1]!)) i++;
    }
    i++;
  } while (depth > 0 && i < text.length);
  return i;
}

function nodeAt(root: Located, path: JsonPath): Located | undefined {
  let node: Located | undefined = root;
  for (const step of path) node = typeof step === "number" ? node?.elements?.[step] : node?.members?.get(step);
  return node;
}

export function rangeAt(text: string, root: Located, path: JsonPath): Range | undefined {
  const node = nodeAt(root, path);
  return node ? { from: node.offset, to: valueEnd(text, node.offset) } : undefined;
}

/** The range of the deepest part of a model address (`decisions.risk.rule[3]`) found in the text. */
export function rangeOfAddress(text: string, root: Located, address: string): Range {
  const { line, column } = positionOf(text, root, address);
  let from = 0;
  for (let l = 1; l < line; l++) from = text.indexOf("\n", from) + 1;
  from += column - 1;
  return { from, to: valueEnd(text, from) };
}

/**
 * A JSON string literal's content with, for each character, its offset in the text (and one past
 * the end), so a span inside the decoded string maps back to the characters that wrote it.
 */
export function decodeString(text: string, from: number): { value: string; offsets: number[] } {
  let value = "";
  const offsets: number[] = [];
  let i = from + 1;
  while (i < text.length && text[i] !== '"') {
    offsets.push(i);
    if (text[i] === "\\") {
      const c = text[i + 1]!;
      if (c === "u") {
        value += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else {
        value += ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" } as Record<string, string>)[c] ?? c;
        i += 2;
      }
    } else value += text[i++];
  }
  offsets.push(i);
  return { value, offsets };
}

/** Every string value under `root` with its JSON path (keys are not values). */
export function stringValues(text: string, root: Located, path: JsonPath = []): { path: JsonPath; from: number }[] {
  if (root.members) return [...root.members].flatMap(([k, v]) => stringValues(text, v, [...path, k]));
  if (root.elements) return root.elements.flatMap((v, i) => stringValues(text, v, [...path, i]));
  return text[root.offset] === '"' ? [{ path, from: root.offset }] : [];
}
