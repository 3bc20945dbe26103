// What a DMN file may hold before it is parsed, checked in one pass over its text: the XML parser
// builds each value a character at a time (a 50 MB attribute took 94 s and 2.1 GB) and refuses deep
// nesting without saying where. A value past MAX_VALUE_CHARS, a start tag of more than
// MAX_ATTRIBUTES attributes or an element deeper than MAX_XML_DEPTH is refused at its line and column (docs/dmn-import.md, "Refused, and why").

/** The most characters of one attribute value, run of text, CDATA section, comment or processing instruction. */
export const MAX_VALUE_CHARS = 1_000_000;
/**
 * The most attributes of one start tag, namespace declarations included: the parser took 6 s of
 * CPU and 450-520 MB for 300,000 attributes on one element (4 MB), as long for 200,000 namespace
 * declarations; the files of the DMN corpus hold at most 23.
 */
export const MAX_ATTRIBUTES = 256;
/** The deepest element nesting read (the parser's own limit, given to it from here). */
export const MAX_XML_DEPTH = 100;

export interface XmlLimitProblem {
  line: number;
  column: number;
  message: string;
}

/** The markup that holds a value up to a closing delimiter, by how it opens. */
const DELIMITED: readonly { open: string; close: string; what: string }[] = [
  { open: "<!--", close: "-->", what: "a comment" },
  { open: "<![CDATA[", close: "]]>", what: "a CDATA section" },
  { open: "<?", close: "?>", what: "a processing instruction" },
];

const chars = (n: number) => n.toLocaleString("en");

function place(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return { line, column: offset - (text.lastIndexOf("\n", offset - 1) + 1) + 1 };
}

const tooLong = (text: string, at: number, what: string, length: number): XmlLimitProblem => ({
  ...place(text, at),
  message: `${what} of ${chars(length)} characters is longer than the ${chars(MAX_VALUE_CHARS)} a DMN file may hold in one value`,
});

/**
 * The end of the start tag opening at `lt` (the index of its `>`), or the first limit it passes;
 * -1 when it is not closed (the parser reports that).
 */
function startTagEnd(text: string, lt: number): number | XmlLimitProblem {
  let attributes = 0;
  for (let k = lt + 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 62 /* > */) return k;
    if (c !== 34 /* " */ && c !== 39 /* ' */) continue;
    if (++attributes > MAX_ATTRIBUTES)
      return {
        ...place(text, lt),
        message: `a start tag with more than ${chars(MAX_ATTRIBUTES)} attributes (namespace declarations included): a DMN element is read with at most ${MAX_ATTRIBUTES}`,
      };
    const close = text.indexOf(text[k]!, k + 1);
    if (close < 0) return -1;
    if (close - k - 1 > MAX_VALUE_CHARS) return tooLong(text, k, "an attribute value", close - k - 1);
    k = close;
  }
  return -1;
}

/** The first value past MAX_VALUE_CHARS or element past MAX_XML_DEPTH, in document order; undefined when none (or the text is not well-formed there: the parser says why). */
export function xmlLimitProblem(text: string): XmlLimitProblem | undefined {
  let depth = 0;
  for (let i = 0; i < text.length;) {
    const lt = text.indexOf("<", i);
    const end = lt < 0 ? text.length : lt;
    if (end - i > MAX_VALUE_CHARS) return tooLong(text, i, "a text", end - i);
    if (lt < 0) return undefined;
    const delimited = DELIMITED.find((d) => text.startsWith(d.open, lt));
    if (delimited) {
      const close = text.indexOf(delimited.close, lt + delimited.open.length);
      if (close < 0) return undefined;
      const length = close - lt - delimited.open.length;
      if (length > MAX_VALUE_CHARS) return tooLong(text, lt, delimited.what, length);
      i = close + delimited.close.length;
      continue;
    }
    if (text.startsWith("<!", lt)) {
      // a DOCTYPE, its internal subset in brackets
      const bracket = text.indexOf("[", lt);
      const gt = text.indexOf(">", lt);
      const close = bracket >= 0 && bracket < gt ? text.indexOf(">", text.indexOf("]", bracket)) : gt;
      if (close < 0) return undefined;
      i = close + 1;
      continue;
    }
    const tagEnd = startTagEnd(text, lt);
    if (typeof tagEnd !== "number") return tagEnd;
    if (tagEnd < 0) return undefined;
    if (text[lt + 1] === "/") depth--;
    else if (text[tagEnd - 1] !== "/" && ++depth > MAX_XML_DEPTH)
      return { ...place(text, lt), message: `an element nested ${chars(depth)} deep: a DMN file is read to a depth of ${MAX_XML_DEPTH}` };
    i = tagEnd + 1;
  }
  return undefined;
}
