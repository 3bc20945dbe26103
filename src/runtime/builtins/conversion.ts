// Conversion built-ins (DMN 1.5 10.3.4.1): number(), string(), context().
import { finite } from "../arithmetic.js";
import { toFeelString } from "../format.js";
import { readNumber } from "../literals.js";
import { problem } from "../problems.js";
import { FeelContext, type FeelValue } from "../values.js";
import { asList, bad, isCtx, isStr, scalars } from "./args.js";
import { madeGroup, ofKind, T, type BuiltinDef } from "./def.js";

const GROUPING = new Set([" ", ",", "."]);
const DECIMAL = new Set([",", "."]);
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function number(from: FeelValue, grouping?: FeelValue, decimalSep?: FeelValue): FeelValue {
  if (!isStr(from)) return bad("number", "from", from, "a string");
  const g = grouping ?? null;
  const d = decimalSep ?? null;
  if (g !== null && !(isStr(g) && GROUPING.has(g))) return bad("number", "grouping separator", g, 'one of " ", ",", "."');
  if (d !== null && !(isStr(d) && DECIMAL.has(d))) return bad("number", "decimal separator", d, 'one of ",", "."');
  if (g !== null && g === d) return problem("number(): the grouping and decimal separators must differ");
  let text = g === null ? from : from.split(g).join("");
  if (d !== null && d !== ".") {
    if (text.includes(".")) return problem(`number(): ${JSON.stringify(from)} is not a number`);
    text = text.replace(d, ".");
  }
  return NUMBER.test(text)
    ? finite(readNumber(text), `number(${JSON.stringify(from)})`)
    : problem(`number(): ${JSON.stringify(from)} is not a number`);
}

/** context(entries): a list of {key, value} contexts; keys must be distinct strings. */
function context(entries: FeelValue): FeelValue {
  const items = asList(entries);
  if (!items) return bad("context", "entries", entries, "a list of {key, value} contexts");
  const out = new Map<string, FeelValue>();
  for (const e of items) {
    if (!isCtx(e) || !isStr(e.get("key")) || !e.has("value")) return bad("context", "entries", e, "a {key, value} context");
    const key = e.get("key") as string;
    if (out.has(key)) return problem(`context(): the key ${JSON.stringify(key)} appears twice`);
    out.set(key, e.get("value"));
  }
  return new FeelContext(out);
}

const conversionDef = ofKind("conversion");

// one maker a built-in (def.ts), so that a bundle keeps those its model names
export const builtinNumber = (): BuiltinDef =>
  conversionDef({
    name: "number",
    result: T.number,
    description: "The number a string spells, with optional grouping and decimal separators.",
    signatures: [{ params: ["from", "grouping separator", "decimal separator"], required: 1, impl: scalars(number) }],
  });
export const builtinString = (): BuiltinDef =>
  conversionDef({
    name: "string",
    result: T.string,
    description: "The string form of any value.",
    signatures: [{ params: ["from"], impl: (v) => (v === null ? null : toFeelString(v)) }],
  });
export const builtinContext = (): BuiltinDef =>
  conversionDef({
    name: "context",
    result: T.context,
    description: "A context built from a list of {key, value} contexts with distinct keys.",
    signatures: [{ params: ["entries"], impl: context }],
  });

export const conversionBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([builtinNumber, builtinString, builtinContext]);
