// A decision table nested inside another expression (a context entry of a context, an invocation
// argument, a list item) has no portable table form there, so it is written as FEEL: each rule
// becomes `{m: <all cells match>, o: <outputs>}`, and the hit policy picks from the matching ones.
import { diagnostic } from "../ir/diagnostics.js";
import { locate, unfilled, type ImportContext } from "./context.js";
import { feelContext, paren } from "./feel-text.js";
import type { TableBody } from "./table.js";
import type { XmlElement } from "./xml.js";

const RULES = "__rules";
const HITS = "__hits";

/** Portable cell text back to DMN unary-test text. */
const unprefixed = (cell: string): string => (cell.startsWith("=") && !cell.startsWith("==") ? cell.slice(1) : cell);

function matchText(input: string, cell: string): string | undefined {
  const c = unprefixed(cell).trim();
  if (c === "-") return undefined;
  const negated = /^not\s*\(([\s\S]*)\)$/.exec(c);
  return negated ? `not(${paren(input)} in (${negated[1]}))` : `(${paren(input)} in (${c}))`;
}

const outputText = (cell: string): string => (cell.trim() === "-" ? "null" : unprefixed(cell));

/** Output column header `=> name: type` → name and the enumerated values of a choice type. */
function outputColumn(header: string): { name: string; values?: string[] } {
  const m = /^=>\s*([^:]*?)\s*(?::\s*(.*))?$/.exec(header);
  const name = m?.[1] ?? "";
  const type = m?.[2];
  return { name, values: type && type.includes("|") ? type.split("|") : undefined };
}

export function tableAsFeel(body: TableBody, el: XmlElement, ctx: ImportContext): string {
  const [header, ...rows] = body.table;
  const outputStart = header.findIndex((h) => h.startsWith("=>"));
  const inputs = header.slice(0, outputStart);
  const outputs = header.slice(outputStart).map(outputColumn);
  const single = outputs.length === 1;

  const ruleTexts = rows.map((row) => {
    const tests = inputs.map((input, i) => matchText(input, row[i] ?? "-")).filter((t): t is string => t !== undefined);
    const outs = outputs.map((_, j) => outputText(row[outputStart + j] ?? "-"));
    const o = single ? outs[0] : feelContext(outputs.map((col, j) => [col.name, outs[j]]));
    // a null test result counts as no match, as in a table
    return feelContext([
      ["m", tests.length === 0 ? "true" : `(${tests.join(" and ")}) = true`],
      ["o", o],
    ]);
  });

  const dflt =
    body.default === undefined
      ? "null"
      : typeof body.default === "string"
        ? body.default
        : feelContext(outputs.map((col) => [col.name, (body.default as Record<string, string>)[col.name] ?? "null"]));
  const none = `count(${HITS}) = 0`;
  const first = `${HITS}[1].o`;
  const all = `${HITS}.o`;
  const ranked = (): string => {
    const strings = single ? outputs[0].values?.map((v) => JSON.stringify(v)) : undefined;
    const literals = Array.isArray(body.priorities) ? body.priorities : undefined;
    const values = strings ?? literals;
    if (!values) {
      unfilled(ctx, diagnostic("dmn.table.priorities", { variant: "nested", at: locate(ctx, el) }));
      return "null";
    }
    const list = `[${values.join(", ")}]`;
    return `sort(${HITS}, function(a, b) index of(${list}, a.o)[1] < index of(${list}, b.o)[1])`;
  };

  const pick: Record<string, () => string> = {
    FIRST: () => first,
    UNIQUE: () => `if count(${HITS}) = 1 then ${first} else null`,
    ANY: () => `if count(distinct values(${all})) = 1 then ${first} else null`,
    PRIORITY: () => `${ranked()}[1].o`,
    "OUTPUT ORDER": () => `${ranked()}.o`,
    "RULE ORDER": () => all,
    COLLECT: () => all,
    "COLLECT SUM": () => `sum(${all})`,
    "COLLECT MIN": () => `min(${all})`,
    "COLLECT MAX": () => `max(${all})`,
    "COLLECT COUNT": () => `count(${HITS})`,
  };
  const chosen = (pick[body.hit] ?? pick.UNIQUE)();
  return `${feelContext([
    [RULES, `[${ruleTexts.join(", ")}]`],
    [HITS, `${RULES}[m]`],
    ["__value", `if ${none} then ${paren(dflt)} else ${paren(chosen)}`],
  ])}.__value`;
}
