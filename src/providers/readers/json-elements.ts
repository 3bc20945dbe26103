// JSON made from XML by a converter is an element tree written in the converter's marks: an
// element's attributes grouped under `@attributes` (`_attributes`, xml2js's `$`) or written as keys
// with a prefix (`@currency`, `@_currency`), its text under `#text` (`_text`, `$t`, xml2js's `_`,
// BadgerFish's `$`), and with xml2js every child wrapped in an array of one. Before any key is
// matched such a document is written as the plain JSON it stands for: attributes beside the
// element's children, an element holding only text as that text, the text of an element with
// attributes under `value` (a figure: `{"currency": "USD", "value": "12500.00"}`, read with its
// period or currency beside it) or `description` (words: `{"code": "Y", "description": "…"}`), an
// element holding one code as that code. Linear in the document; a document with no mark is
// returned as it is.
import { isRecord } from "./json-walk.js";

/** Keys that group an element's attributes. */
const ATTRIBUTE_GROUPS = new Set(["@attributes", "_attributes", "@attrs", "$"]);
/** Keys of an element's text. */
const TEXT_KEYS = new Set(["#text", "_text", "$t", "#cdata", "_cdata", "__text", "#value", "_", "$"]);
/** A key written as an attribute by its prefix: `@currency`, `@_currency`. */
const ATTRIBUTE_PREFIX = /^@_?(?=[A-Za-z])/;
/** Attribute names that hold the element's code: an element with only one of them is that code. */
const CODE_ATTRIBUTES = new Set(["code", "cd", "value", "val", "v", "flag", "ind", "indicator"]);

/** Whether a key marks an element tree: an attribute group, a text key, or a prefixed attribute. */
const marks = (key: string, value: unknown): boolean =>
  key === "$" ? true : (ATTRIBUTE_GROUPS.has(key) && isRecord(value)) || (TEXT_KEYS.has(key) && key !== "_") || ATTRIBUTE_PREFIX.test(key);

/** Whether the document is an element tree written by a converter, and whether it wraps every child in an array (xml2js). */
function conversion(root: unknown): { converted: boolean; wrapped: boolean } {
  let converted = false;
  let arrays = 0;
  let ofOne = 0;
  const stack = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      arrays++;
      if (v.length === 1) ofOne++;
      stack.push(...v);
    } else if (isRecord(v))
      for (const [k, x] of Object.entries(v)) {
        if (marks(k, x)) converted = true;
        stack.push(x);
      }
  }
  return { converted, wrapped: converted && arrays > 0 && ofOne * 2 > arrays };
}

const isFigure = (v: unknown): boolean => typeof v === "number" || (typeof v === "string" && v.trim().split(/\s+/).length < 3);

function element(o: Record<string, unknown>, wrapped: boolean): unknown {
  const attributes: [string, unknown][] = [];
  const children: [string, unknown][] = [];
  let text: unknown;
  for (const [k, v] of Object.entries(o)) {
    if (ATTRIBUTE_GROUPS.has(k) && isRecord(v)) attributes.push(...Object.entries(v));
    else if (TEXT_KEYS.has(k) && (typeof v === "string" || typeof v === "number" || typeof v === "boolean")) text = v;
    else if (ATTRIBUTE_PREFIX.test(k)) attributes.push([k.replace(ATTRIBUTE_PREFIX, ""), v]);
    else children.push([k, elements(v, wrapped)]);
  }
  const out: Record<string, unknown> = Object.fromEntries(children);
  for (const [k, v] of attributes) if (!Object.hasOwn(out, k)) out[k] = elements(v, wrapped);
  const keys = Object.keys(out);
  if (text === undefined) {
    // `<Disability code="N"/>`: the element is its code
    const [only] = keys;
    return keys.length === 1 && children.length === 0 && CODE_ATTRIBUTES.has(only!.toLowerCase()) ? out[only!] : out;
  }
  if (keys.length === 0) return text;
  const textKey = isFigure(text) ? "value" : "description";
  if (!Object.hasOwn(out, textKey)) out[textKey] = text;
  return out;
}

function elements(v: unknown, wrapped: boolean): unknown {
  if (Array.isArray(v)) return wrapped && v.length === 1 ? elements(v[0], wrapped) : v.map((x) => elements(x, wrapped));
  return isRecord(v) ? element(v, wrapped) : v;
}

/** The document as the plain JSON its element tree stands for; a document with no converter's mark as it is. */
export function asPlainJson(root: unknown): unknown {
  const { converted, wrapped } = conversion(root);
  return converted ? elements(root, wrapped) : root;
}
