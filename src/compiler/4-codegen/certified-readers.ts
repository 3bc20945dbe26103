// Which certified decisions other decisions read are worth their double-double (codegen/module.ts
// `readCertified`): those whose readers, on `evaluate`'s path, can all do without the decimal — a
// certified reader's arithmetic, a comparison with a literal or a plain value, a table column whose
// every cell has a raw test, headed by the decision or by a heading the double-doubles hold, or a
// read in a branch of an `if` or a rule's output (made only on the calls that take it). One reader
// that reads the decimal on every call would have it made on every call, the double-double then
// only a cost: such a decision keeps its decimal, as before; and so does one with lets its
// double-double does not hold, whose decimal is made at once.
import type { Expr } from "../../ir/feel-ast.js";
import type { DecisionIR, TableIR } from "../../ir/ir.js";
import { walk, walkBody } from "../3-optimise/walk.js";
import type { ExprContext } from "./expr.js";
import { fastCellTest } from "./fast-tests.js";
import { Emitter } from "./emitter.js";

/**
 * Every cell of a table's column i has a raw test, behind which its FEEL value is read only where
 * the raw value cannot be. (Asked of a scratch emitter: what the tests would hoist is not kept.)
 */
export function everyCellRaw(table: TableIR, i: number, cx: ExprContext): boolean {
  const scratch = { ...cx, em: new Emitter() };
  const plan = { kind: "number", feel: "u", raw: "r", guard: "h", fallbackUses: 0 } as const;
  return table.rules.every((r) => fastCellTest({ ...plan }, r.conditions[i]!, scratch) !== null);
}

/**
 * Column i's heading reads the decision (`of`) through its double-double: a number column whose
 * every cell has a raw test, headed by the decision's name or by a heading the double-doubles hold
 * (optimise/certify-column.ts), whose decimal is worked out only where their bound cannot give the
 * double the tests read (codegen/module.ts `computedColumn`).
 */
function takesDoubleDouble(table: TableIR, i: number, of: (e: Expr) => boolean, cx: ExprContext): boolean {
  const c = table.inputs[i]!;
  return c.specialised === "number" && (of(c.expr) || c.certified !== undefined) && everyCellRaw(table, i, cx);
}

/** The certified decisions read by others whose readers can all do without their decimals. */
export function decimalFree(decisions: readonly DecisionIR[], cx: ExprContext): Set<string> {
  // a decision with lets read by its double-double (worked out before its value) makes its decimal
  // at once: it hands nothing on (inlined calls are charged where the double-double is made and given
  // back where the decimal is, codegen/module.ts `readCertified`)
  const free = new Set(
    decisions.filter((d) => d.certifiedOutput?.read && (d.lets.length === 0 || d.certifiedOutput.lets)).map((d) => d.name),
  );
  // readers first (the decisions are in dependency order): a reader that keeps its decimal runs its
  // exact code, which reads the decimals of what it reads
  for (const name of [...free].reverse()) {
    const of = (e: Expr) => e.kind === "name" && e.ref?.kind === "decision" && e.ref.name === name;
    // the other side of a comparison the double-double decides: a literal, an input, a let, a decimal already made
    const plain = (e: Expr) =>
      e.kind === "number" ||
      (e.kind === "name" && (e.ref?.kind === "input" || e.ref?.kind === "let" || (e.ref?.kind === "decision" && !free.has(e.ref.name))));
    let bare = 0;
    // a read in a branch of an `if` is made only on the calls that take it: not counted
    const count = (e: Expr) => {
      const branch = new Set<Expr>();
      walk(e, (n) => {
        if (n.kind === "if") for (const b of [n.then, n.else]) walk(b, (m) => branch.add(m));
      });
      walk(e, (n) => {
        if (branch.has(n)) return;
        if (of(n)) bare++;
        else if (n.kind === "compare" && ((of(n.left) && plain(n.right)) || (of(n.right) && plain(n.left)))) bare--;
      });
    };
    for (const r of decisions) {
      if (!r.deps.includes(name)) continue;
      for (const l of r.lets) walkBody(l.body, count);
      if (r.body.kind === "expr") {
        if (!r.certifiedOutput || (r.certifiedOutput.read && !free.has(r.name))) count(r.body.expr);
      } else {
        const table = r.body.table;
        table.inputs.forEach((c, i) => (takesDoubleDouble(table, i, of, cx) ? undefined : count(c.expr)));
        // a rule's output is worked out only on the calls that match the rule: not counted
        // names in cells are not walked: a cell that reads the decision is a bare read
        if (JSON.stringify(table.rules.map((rule) => rule.conditions)).includes(`"name":${JSON.stringify(name)}`)) bare++;
      }
    }
    if (bare > 0) free.delete(name);
  }
  return free;
}
