// Marks the filters (`l[c]`, `count(l[c])`), the `some`/`every` of one iteration, `count(l)`, the
// projections `l.f` and the iterations `for m in l` (of `for`, `some` and `every`) whose list is an
// input declared as a list of structs, and `count(l)` of a list of numbers, strings or booleans: codegen
// (codegen/raw-items.ts) may then test each item's condition on the raw JSON item, as doubles,
// where that gives exactly the FEEL result, count the raw array and read a field from each raw
// item, falling back to the FEEL values item by item otherwise; the input is then converted only
// when FEEL code needs it. Left unmarked at -O0, which keeps the FEEL path.
import type { Expr } from "../../ir/feel-ast.js";
import type { ModelIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { isBuiltinCall } from "./builtin-call.js";
import { forEachExpr } from "./walk.js";

const isStructList = (t: Type | undefined): boolean => t?.kind === "list" && t.element.kind === "struct";
const PLAIN_ITEMS = new Set<Type["kind"]>(["number", "string", "boolean"]);
/** A list of numbers, strings or booleans: its count is the raw array's length where every item is of the kind. */
export const isPlainList = (t: Type | undefined): boolean => t?.kind === "list" && PLAIN_ITEMS.has(t.element.kind);

export function markRawItems(ir: ModelIR): void {
  const inputsWhere = (test: (t: Type) => boolean) => new Set(ir.inputs.filter((i) => test(i.type)).map((i) => i.name));
  const [structLists, plainLists] = [inputsWhere(isStructList), inputsWhere(isPlainList)];
  if (structLists.size === 0 && plainLists.size === 0) return;
  const inputIn = (names: Set<string>) => (x: Expr) => x.kind === "name" && x.ref?.kind === "input" && names.has(x.ref.name);
  const [isListInput, isPlainListInput] = [inputIn(structLists), inputIn(plainLists)];
  forEachExpr(ir, (e) => {
    if ((e.kind === "filter" || e.kind === "path") && isListInput(e.base)) e.rawItems = true;
    if (isBuiltinCall(e, "count", 1) && (isListInput(e.args[0]!) || isPlainListInput(e.args[0]!))) e.rawItems = true;
    if (e.kind === "quantified" && e.iterations.length === 1 && !e.iterations[0]!.to && isListInput(e.iterations[0]!.source))
      e.rawItems = true;
    if (e.kind === "for" || e.kind === "quantified")
      for (const it of e.iterations) if (!it.to && isListInput(it.source)) it.rawItems = true;
  });
}
