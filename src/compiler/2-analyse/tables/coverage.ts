// Which rules can fire. Strict tables end in an else row (all `-`). A cell that matches every
// value of its kind, or none, is reported; so is a rule of a FIRST table that an earlier rule
// covers column by column. Rules with an error (`broken`) are left out: what they match is not
// known, and a second message about them would only mislead.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { UnaryTests } from "../../../ir/feel-ast.js";
import type { RuleIR, TableIR } from "../../../ir/ir.js";
import type { Type } from "../../../ir/types.js";
import { typeToString } from "../expressions/compat.js";
import { checkBounds } from "./bounds.js";
import { checkGaps } from "./gaps.js";
import { cellSet, covers, domainOf, intersect, isEmpty, type ValueSet } from "./cell-sets.js";
import { checkShadowed, isCatchAll } from "./shadowed.js";

export interface CoverageSite {
  /** how many rule rows the table has, read or not */
  rows: number;
  /** indices of the rules with errors */
  broken: ReadonlySet<number>;
  strict: boolean;
  sink: Diagnostic[];
  /** each rule's input cells as written, for messages */
  cellText(rule: RuleIR, column: number): string;
}

export function checkCoverage(table: TableIR, site: CoverageSite): void {
  const { sink } = site;
  if (site.rows === 0) {
    // DMN allows a table without rules (Camunda Modeler and dmn-js make them): nothing matches, so
    // it gives its default output or null. Strict models need rules.
    if (site.strict) sink.push(diagnostic("tables.empty", { variant: "no-rules" }, { address: table.address }));
    return;
  }
  const last = table.rules[table.rules.length - 1];
  if (site.strict && last && !site.broken.has(last.index) && !isCatchAll(last))
    sink.push(diagnostic("tables.no-else-row", {}, { address: last.address }));
  const rules = table.rules.filter((r) => !site.broken.has(r.index));
  // a cell's set follows from its text and its column: a large table repeats few texts, each read once
  // (sets are never changed, so rules share them)
  const known = table.inputs.map(() => new Map<string, ValueSet | undefined>());
  const setOf = (r: RuleIR, i: number): ValueSet | undefined => {
    const text = site.cellText(r, i);
    const byText = known[i]!;
    if (byText.has(text)) return byText.get(text);
    const set = cellSet(r.conditions[i]!, table.inputs[i]!.type);
    byText.set(text, set);
    return set;
  };
  const sets = rules.map((r) => r.conditions.map((_, i) => setOf(r, i)));
  const columns = table.inputs.map((c): Column => ({ type: c.type, all: cellSet(ANY, c.type), domain: domainOf(c.type) }));
  // what is wrong with a set follows from the set and its column: each shared set judged once
  const judged = columns.map(() => new Map<ValueSet, Problem>());
  const problemOf = (set: ValueSet, i: number): Problem => {
    const byColumn = judged[i]!;
    if (byColumn.has(set)) return byColumn.get(set);
    const problem = cellProblem(set, columns[i]!);
    byColumn.set(set, problem);
    return problem;
  };
  const verdicts = rules.map((r, k) => checkCells(columns, r, sets[k]!, problemOf, site));
  // a rule with a reported cell neither is reported again nor, matching too much, shadows later ones
  const clean = rules.filter((_, k) => verdicts[k] === "clean");
  const setsByRule = new Map(rules.map((r, k) => [r, sets[k]!]));
  const setsOf = (r: RuleIR) => setsByRule.get(r)!;
  if (table.hit === "FIRST") checkShadowed(clean, setsOf, site);
  checkGaps(table, clean, setsOf, site);
  checkBounds(table, clean, setsOf, site);
}

/** A column's type, every value of its kind, and the values its declared type allows. */
interface Column {
  type: Type;
  all: ValueSet | undefined;
  domain: ValueSet | undefined;
}

type Problem = "nothing" | "everything" | "none" | "all" | undefined;

/** What is wrong with a cell's set of values, if anything. */
function cellProblem(set: ValueSet, { all, domain }: Column): Problem {
  if (isEmpty(set)) return "nothing";
  if (set.kind !== "finite" && all && covers(set, all)) return "everything";
  if (domain && isEmpty(intersect(set, domain))) return "none";
  if (set.kind === "finite" && domain && covers(set, domain)) return "all";
  return undefined;
}

/** Reports cells that match everything or nothing; whether the rule had one. */
function checkCells(
  columns: readonly Column[],
  rule: RuleIR,
  sets: readonly (ValueSet | undefined)[],
  problemOf: (set: ValueSet, column: number) => Problem,
  site: CoverageSite,
): "clean" | "reported" {
  let verdict: "clean" | "reported" = "clean";
  for (let i = 0; i < rule.conditions.length; i++) {
    const set = sets[i];
    if (!set || rule.conditions[i]!.kind === "any") continue;
    const problem = problemOf(set, i);
    if (!problem) continue;
    const { type } = columns[i]!;
    const text = site.cellText(rule, i);
    site.sink.push(
      problem === "nothing" || problem === "everything"
        ? diagnostic("tables.cell-vacuous", { variant: problem, text, type: type.kind }, { address: rule.address, strict: site.strict })
        : diagnostic("tables.cell-outside-type", { variant: problem, text, type: typeToString(type) }, { address: rule.address }),
    );
    verdict = "reported";
  }
  return verdict;
}

const ANY: UnaryTests = { kind: "any", span: { start: 0, end: 0 } };
