// The combination of a multi-hit table's matched rules written out in generated code, policy by
// policy (through runtime/hit-direct.ts), so that a call pays no helper object, no priority-key
// arrays and no generic dispatch through `rt.hit`. The meaning is runtime/hit-policies.ts's, which
// stays the source of truth (and the explanation path's combiner): the same values, nulls, errors
// and rule numbers.
import type { TableIR } from "../../ir/ir.js";
import type { ExprContext } from "./expr.js";

/** Names of the JS arrays holding the matched rules' numbers and outputs, in rule order. */
interface Hits {
  rules: string;
  values: string;
}

/** What at least one match gives: statements before, the value and the rule numbers the trace records. */
interface Matched {
  code: string;
  value: string;
  rules: string;
}

/** A policy's matched case and the value of no match (before the table's default applies). */
type Combiner = (table: TableIR, hits: Hits, cx: ExprContext) => { matched: Matched; unmatched: string };

/**
 * The call ranking the matched outputs (`fn`: the best one's position, or every position in
 * order): by output column 0's listed values, or for several outputs by each column's in turn.
 */
function ranking(table: TableIR, fn: "bestRanked" | "rankOrder", values: string, cx: ExprContext): string {
  if (table.singleOutput) {
    const list = table.outputs[0]!.allowed;
    return `rt.${fn}(${list ? cx.em.data("P", list) : "null"}, ${values})`;
  }
  const lists = cx.em.data(
    "P",
    table.outputs.map((o) => o.allowed ?? null),
  );
  const names = cx.em.data(
    "N",
    table.outputs.map((o) => o.name),
  );
  return `rt.${fn === "bestRanked" ? "bestRankedRow" : "rankOrderRows"}(${lists}, ${names}, ${values})`;
}

const listed = (hits: Hits): { matched: Matched; unmatched: string } => ({
  matched: { code: "", value: hits.values, rules: hits.rules },
  unmatched: hits.values,
});

const COMBINERS: Record<string, Combiner> = {
  UNIQUE: (_t, { rules, values }) => ({ matched: { code: "", value: `rt.uniqueHit(${rules}, ${values})`, rules }, unmatched: "null" }),
  ANY: (_t, { rules, values }) => ({ matched: { code: "", value: `rt.anyHit(${rules}, ${values})`, rules }, unmatched: "null" }),
  PRIORITY: (table, { rules, values }, cx) => {
    const b = cx.em.fresh("b");
    const code = `const ${b} = ${ranking(table, "bestRanked", values, cx)};`;
    return { matched: { code, value: `${values}[${b}]`, rules: `[${rules}[${b}]]` }, unmatched: "null" };
  },
  "OUTPUT ORDER": (table, { rules, values }, cx) => {
    const q = cx.em.fresh("q");
    const code = `const ${q} = ${ranking(table, "rankOrder", values, cx)};`;
    return { matched: { code, value: `rt.atPositions(${values}, ${q})`, rules: `rt.atPositions(${rules}, ${q})` }, unmatched: values };
  },
  "RULE ORDER": (_t, hits) => listed(hits),
  COLLECT: (table, hits, cx) => {
    if (!table.aggregation) return listed(hits);
    const aggregate = cx.em.hoist("A", `rt.aggregator(${cx.em.lit(table.aggregation)})`);
    const value = `${aggregate}(${hits.values})`;
    // COUNT of no match is the count of the empty list (0); SUM, MIN and MAX of no match are null
    return { matched: { code: "", value, rules: hits.rules }, unmatched: table.aggregation === "COUNT" ? value : "null" };
  },
};

/**
 * An indexed table's matches as positions into its literal outputs: JS ids of the positions (in
 * rule order; with `word`, the bits of one word, lowest first), the outputs' array and the rule numbers' array.
 */
interface Positions {
  at: string;
  word: boolean;
  outputs: string;
  numbers: string;
}

/** The runtime's combiners (runtime/hit-direct.ts, runtime/output-sums.ts) of positions given as a list or as one word's bits. */
const READERS = {
  list: { at: "atPositions", best: "bestAt", sum: "positionsSum", extreme: "positionsExtreme", count: "positionsCount" },
  word: { at: "atBits", best: "bestBit", sum: "bitsSum", extreme: "bitsExtreme", count: "bitsCount" },
} as const;
const reader = (p: Positions, of: keyof (typeof READERS)["list"]) => `rt.${READERS[p.word ? "word" : "list"][of]}`;

/** A policy's combination of at least one match read from the positions, and the value of no match. */
type PositionalCombiner = (table: TableIR, p: Positions, cx: ExprContext) => { matched: Matched; unmatched: string } | undefined;

const listedAt = (p: Positions) => ({
  matched: { code: "", value: `${reader(p, "at")}(${p.outputs}, ${p.at})`, rules: `${reader(p, "at")}(${p.numbers}, ${p.at})` },
  unmatched: "[]",
});

/** The policies whose matches an index's positions combine without gathering the matched rules first. */
const POSITIONAL: Record<string, PositionalCombiner> = {
  PRIORITY: (table, p, cx) => {
    if (!table.singleOutput) return undefined;
    const list = table.outputs[0]!.allowed;
    const ranks = cx.em.hoist("K", `rt.outputRanks(${list ? cx.em.data("P", list) : "null"}, ${p.outputs})`);
    const [b, k] = [cx.em.fresh("b"), cx.em.fresh("k")];
    const best = `${reader(p, "best")}(${ranks}, ${p.at})`;
    // bestBit answers the position itself, bestAt which of the list's positions
    const code = p.word ? `const ${k} = ${best};` : `const ${b} = ${best}, ${k} = ${p.at}[${b}];`;
    return { matched: { code, value: `${p.outputs}[${k}]`, rules: `[${p.numbers}[${k}]]` }, unmatched: "null" };
  },
  "RULE ORDER": (_t, p) => listedAt(p),
  COLLECT: (table, p, cx) => {
    if (!table.aggregation) return listedAt(p);
    const rules = `${reader(p, "at")}(${p.numbers}, ${p.at})`;
    // COUNT of no match is the count of the empty list (0): the same call on no positions
    if (table.aggregation === "COUNT") {
      const value = `${reader(p, "count")}(${p.at})`;
      return { matched: { code: "", value, rules }, unmatched: value };
    }
    // the literal outputs made ready for summing or ranking when the module loads (runtime/output-sums.ts)
    const made =
      table.aggregation === "SUM"
        ? `${reader(p, "sum")}(${p.outputs})`
        : `${reader(p, "extreme")}(${p.outputs}, ${table.aggregation === "MIN" ? -1 : 1})`;
    return { matched: { code: "", value: `${cx.em.hoist("U", made)}(${p.at})`, rules }, unmatched: "null" };
  },
};

/** The statement assigning `matched` when `some` (the test that there is a match) holds, else the value of no match (or the table's default), with the rules traced. */
function assigned(
  some: string,
  matched: Matched,
  unmatched: string,
  none: string,
  to: { target: string; trace: string },
  fallback: string,
): string {
  const traced = (rules: string) => (to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${rules};`);
  return (
    `if (${some}) { ${matched.code} ${to.target} = ${matched.value};${traced(matched.rules)} } ` +
    `else { ${to.target} = ${fallback === "null" ? unmatched : fallback};${traced(none)} }`
  );
}

/**
 * The statements combining an indexed table's matches read as positions into its literal outputs
 * (runtime/hit-direct.ts), for the policies that can: the value `combineHits` gives of the same
 * rules, with no list of matched rules and outputs gathered first; undefined for other policies.
 */
export function combineAt(
  table: TableIR,
  p: Positions,
  to: { target: string; trace: string },
  fallback: string,
  cx: ExprContext,
): string | undefined {
  const combined = POSITIONAL[table.hit]?.(table, p, cx);
  return combined && assigned(p.word ? `${p.at} !== 0` : `${p.at}.length > 0`, combined.matched, combined.unmatched, "[]", to, fallback);
}

/**
 * Statements assigning the combined value of the matched rules to `target` (the table's default
 * when nothing matched and it has one) and the rule numbers to the trace entry, for every policy
 * but FIRST (which codegen/table.ts writes as a chain that stops at the first match).
 */
export function combineHits(table: TableIR, hits: Hits, to: { target: string; trace: string }, fallback: string, cx: ExprContext): string {
  const combine = COMBINERS[table.hit];
  if (!combine) throw new Error(`no combiner for the hit policy ${table.hit}`);
  const { matched, unmatched } = combine(table, hits, cx);
  return assigned(`${hits.rules}.length > 0`, matched, unmatched, hits.rules, to, fallback);
}
