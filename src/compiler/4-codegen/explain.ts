// The module's `explain(S, X)` function: the decisions evaluated again, told to the recorder `X`
// (runtime/explain.ts) as they go. A function of its own beside `run`, so that `evaluate`'s code
// is untouched and costs nothing more. Tables take a sequential path whatever their index: every
// rule is tried in order, each cell until the first that fails, so the explanation can name it.
import { declarationBlocks } from "./declaration-blocks.js";
import type { DecisionIR, ModelIR, TableIR } from "../../ir/ir.js";
import { isStringLike } from "../../ir/types.js";
import type { DecisionFacts } from "../../runtime/explain.js";
import { emitResultType } from "./declared.js";
import { emitExpr, type ExprContext } from "./expr.js";
import type { Scope } from "./scope.js";
import { chosenOutput, defaultValue, emitTable, hasLiteralOutputs, hitOf, literalOutputs, outputValue } from "./table.js";
import { compactRules, ruleNumbers } from "./rule-cells.js";
import { emitUnaryTestsTri, levelsOf } from "./unary-tests.js";
import { jsonReader } from "./json-reader.js";
import { GROUP, joined } from "./joined.js";

const X = "X";

/** `explain`'s source; `scope` binds the model's functions, `cx` gives each address its context. */
export function emitExplain(
  ir: ModelIR,
  decisions: DecisionIR[],
  root: Scope,
  cx: (where: string) => ExprContext,
  strict: boolean,
): string {
  const scope = root.child();
  const em = cx("").em;
  const inputs = ir.inputs.map((input) => {
    const [raw, feel] = [em.fresh("xr"), em.fresh("xi")];
    scope.bind("input", input.name, feel);
    const type = em.type(input.type);
    const fromJson = `${jsonReader(input.type)}(${raw}, ${type})`;
    // a JSON string is already the FEEL value of a string or choice input (as in `run`)
    const value = isStringLike(input.type) ? `(typeof ${raw} === "string" ? ${raw} : ${fromJson})` : fromJson;
    return `const ${raw} = ${em.stateKey("S", input.name)}; const ${feel} = rt.explainInput(${X}, ${em.lit(input.name)}, ${raw}, ${value}, ${type});`;
  });
  const inputNames = new Set(ir.inputs.map((i) => i.name));
  const evaluated = new Set(decisions.map((d) => d.name));
  const ids = decisions.map(() => em.fresh("xd"));
  const code = decisions.map((d, i) => {
    const facts: DecisionFacts = {
      name: d.name,
      address: d.address,
      inputs: d.deps.filter((n) => inputNames.has(n)),
      decisions: d.deps.filter((n) => evaluated.has(n)),
    };
    const lines = explainDecision(d, ids[i]!, em.data("XF", facts), scope, (where) => ({ ...cx(where), explain: X }), strict);
    scope.bind("decision", d.name, ids[i]!);
    return em.charge(lines, d.address);
  });
  const result = decisions.map((d, i) => `${em.key(d.name)}: ${ids[i]}`).join(", ");
  return [`function explain(S, ${X}) {`, declarationBlocks([...inputs, ...code], `return { ${result} };`), "}"].join("\n");
}

function explainDecision(
  d: DecisionIR,
  id: string,
  facts: string,
  outer: Scope,
  cx: (where: string) => ExprContext,
  strict: boolean,
): string {
  const scope = outer.child();
  const em = cx(d.address).em;
  const lines = [`let ${id} = null;`, "{"];
  for (const l of d.lets) {
    const lid = em.fresh("l");
    const at = cx(l.address);
    const body =
      l.body.kind === "expr"
        ? `${lid} = ${emitExpr(l.body.expr, scope, at)};`
        : emitTable(l.body.table, { target: lid, trace: "null" }, scope, at);
    lines.push(
      `rt.explainAt(${X}, ${em.lit(l.address)});`,
      `let ${lid} = null;`,
      body,
      `rt.explainLet(${X}, ${em.lit(l.address)}, ${lid});`,
    );
    scope.bind("let", l.name, lid);
  }
  lines.push(`rt.explainAt(${X}, ${em.lit(d.address)});`);
  lines.push(
    d.body.kind === "expr"
      ? `${id} = ${emitExpr(d.body.expr, scope, cx(d.address))};`
      : explainTable(d.body.table, id, scope, cx(d.address)),
  );
  const held = emitResultType(d, id, outer, cx(d.address), strict);
  if (held !== null) lines.push(held);
  lines.push(`rt.explainDecision(${X}, ${facts}, ${id});`, "}");
  return lines.join("\n");
}

/** A decision table evaluated rule by rule, telling the recorder each rule's first failing cell. */
function explainTable(table: TableIR, target: string, scope: Scope, cx: ExprContext): string {
  const em = cx.em;
  const columns = table.inputs.map(() => em.fresh("x"));
  const levels = table.inputs.map((c) => levelsOf(c.type) ?? levelsOf(c.expr.type));
  const t = em.fresh("xt");
  const hitPolicy = table.aggregation ? `${table.hit} ${table.aggregation}` : table.hit;
  const lines = [
    ...table.inputs.map((c, i) => `const ${columns[i]} = ${emitExpr(c.expr, scope, cx)};`),
    `const ${t} = rt.explainTable(${X}, ${em.lit(hitPolicy)}, [${columns.join(", ")}]);`,
  ];
  // 0 when every cell matches, else the 1-based column of the first cell that does not: a `? :`
  // a cell, in groups (each 0 when its cells match) joined by `||`, which keeps the first non-zero,
  // so that the chain nests no deeper than a group however wide the table (joined.ts)
  const failedColumn = (rule: TableIR["rules"][number]) => {
    const tests = rule.conditions.flatMap((cell, i) =>
      cell.kind === "any" ? [] : [`${emitUnaryTestsTri(cell, columns[i]!, scope, cx, levels[i])} !== true ? ${i + 1} : `],
    );
    const groups: string[] = [];
    for (let g = 0; g < tests.length; g += GROUP) groups.push(`${tests.slice(g, g + GROUP).join("")}0`);
    return groups.length <= 1
      ? (groups[0] ?? "0")
      : joined(
          groups.map((g) => `(${g})`),
          "||",
        );
  };
  const tried = (rule: TableIR["rules"][number]) => `rt.explainRule(${t}, ${rule.index}, ${em.lit(rule.address)}, ${failedColumn(rule)})`;
  // a rule's output is evaluated at the rule's address, so that a problem there is placed on it
  const at = (address: string) => `rt.explainAt(${X}, ${em.lit(address)});`;
  const fallback = defaultValue(table, scope, cx);
  const hasDefault = fallback !== "null";
  const compact = compactExplain(table, columns, levels, t, scope, cx);
  if (compact) {
    // the rules tried by one loop over their cells as data; the matched rules' outputs evaluated after, each at its rule's address
    const [k, i] = [em.fresh("k"), em.fresh("i")];
    const ruleAt = `rt.explainAtRule(${X}, ${em.lit(table.address)}, ${compact.numbers}[${i}]);`;
    lines.push(compact.output.code, `const ${k} = ${compact.call};`);
    if (table.hit === "FIRST") {
      const found = `const ${i} = ${k}[0] ?? -1; if (${i} >= 0) { ${ruleAt} ${target} = ${compact.output.of(i)}; }`;
      return `{ ${lines.join(" ")} ${found} else { ${target} = ${fallback}; rt.explainDefault(${t}, ${hasDefault}); } ${at(cx.where)} }`;
    }
    const [matched, values, h] = [em.fresh("m"), em.fresh("o"), em.fresh("h")];
    lines.push(
      `const ${matched} = [], ${values} = [];`,
      `for (const ${i} of ${k}) { ${ruleAt} ${matched}.push(${compact.numbers}[${i}]); ${values}.push(${compact.output.of(i)}); }`,
    );
    return `{ ${[...lines, ...explainHit(table, matched, values, h, target, fallback, t, cx)].join(" ")} }`;
  }
  if (table.hit === "FIRST") {
    const label = em.fresh("T");
    const rules = table.rules.map(
      (rule) =>
        `if (${tried(rule)}) { ${at(rule.address)} ${target} = ${outputValue(table, rule.outputs, scope, cx, true)}; break ${label}; }`,
    );
    return `{ ${lines.join(" ")} ${label}: { ${rules.join(" ")} ${target} = ${fallback}; rt.explainDefault(${t}, ${hasDefault}); } ${at(cx.where)} }`;
  }
  const [matched, values, h] = [em.fresh("m"), em.fresh("o"), em.fresh("h")];
  lines.push(`const ${matched} = [], ${values} = [];`);
  for (const rule of table.rules) {
    lines.push(
      `if (${tried(rule)}) { ${at(rule.address)} ${matched}.push(${rule.index}); ${values}.push(${outputValue(table, rule.outputs, scope, cx, true)}); }`,
    );
  }
  return `{ ${[...lines, ...explainHit(table, matched, values, h, target, fallback, t, cx)].join(" ")} }`;
}

/** A multi-hit table's value from the rules that matched (JS arrays `matched` and `values`), told to the recorder. */
function explainHit(
  table: TableIR,
  matched: string,
  values: string,
  h: string,
  target: string,
  fallback: string,
  t: string,
  cx: ExprContext,
): string[] {
  const hasDefault = fallback !== "null";
  return [
    `rt.explainAt(${X}, ${cx.em.lit(cx.where)});`,
    `const ${h} = ${hitOf(table, matched, values, cx)};`,
    `${target} = ${hasDefault ? `${h}.matched ? ${h}.value : ${fallback}` : `${h}.value`};`,
    `rt.explainDefault(${t}, ${hasDefault ? `!${h}.matched` : "false"});`,
  ];
}

/**
 * A large table's rules tried as data (see rule-cells.ts): the call answering the positions of the
 * rules that matched (the first only, for FIRST), the hoisted rule numbers, and the rules' outputs.
 * Null when the table is small, a cell is not a literal test (an indexed table's cells are), a rule's
 * address is not its number's, or a multi-hit table's outputs could have effects (they are evaluated
 * after every rule is tried, not between).
 */
function compactExplain(table: TableIR, columns: string[], levels: (string[] | undefined)[], t: string, scope: Scope, cx: ExprContext) {
  if (!table.index || table.index.residual.length > 0 || (table.hit !== "FIRST" && !hasLiteralOutputs(table))) return null;
  if (table.rules.some((r) => r.address !== `${table.address}.rule[${r.index}]`)) return null;
  const data = compactRules(table, cx.em, "u", (cell, c) => `${emitUnaryTestsTri(cell, "u", scope, cx, levels[c])} === true`);
  if (data === null) return null;
  const literal = literalOutputs(table, scope, cx);
  const numbers = ruleNumbers(table, cx.em);
  const first = table.hit === "FIRST";
  return {
    call: `rt.explainRules(${t}, ${data}, [${columns.join(", ")}], ${numbers}, ${cx.em.lit(table.address)}, ${first})`,
    numbers,
    output: chosenOutput(table, literal, scope, cx),
  };
}
