// The catalogue of mistakes people make writing models, as data: each kind names the place it
// applies to and how it changes the text there (undefined where it does not fit). The corpus
// (corpus.ts) applies every kind at every place of every sample model.
import type { Type } from "../../src/ir/types.js";
import type { Place } from "./places.js";

export interface MistakeKind {
  name: string;
  description: string;
  /** an example: the text before and after */
  example: readonly [string, string];
  place: Place["kind"];
  /**
   * The changed text can be a valid model that means something else (`>` for `>=`, `<` on levels):
   * only the author knows, so such a mutant may go unflagged. Every other kind is never right.
   */
  otherMeaning?: true;
  /**
   * The changed text is a right way to write the model, and this diagnostic code about it would be
   * a false alarm: the corpus fails when any mutant of the kind is reported with it.
   */
  falseAlarm?: string;
  /** for cells: which column kinds the mistake is made in */
  columns?: readonly Type["kind"][];
  /** the changed value, or undefined when the mistake does not fit this value */
  mutate(value: unknown, at: { names: readonly string[]; dates: readonly string[]; place: Place }): unknown;
}

const NUMBER = ["number"] as const;
const TEXT = ["string", "choice", "levels"] as const;
const OPTIONS = ["choice", "levels"] as const;

/** Replaces the first match of `pattern` in a string value; undefined when there is none or nothing changes. */
const replaceFirst =
  (pattern: RegExp, by: (...groups: string[]) => string) =>
  (value: unknown): string | undefined => {
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    const text = String(value);
    const m = pattern.exec(text);
    if (!m) return undefined;
    const out = text.slice(0, m.index) + by(...m) + text.slice(m.index + m[0].length);
    return out === text ? undefined : out;
  };

/** Drops the second-to-last letter: `salaried` → `salarid`. */
const misspell = (word: string): string => (word.length < 4 ? `${word}x` : word.slice(0, -2) + word.slice(-1));

const BARE_WORD = /^[A-Za-z_][\w ]*$/;
const RANGE = /^([[(\]])\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*([\])[])$/;
const FLIP: Record<string, string> = { "[": "(", "(": "[", "]": ")", ")": "]" };
const SWAP: Record<string, string> = { "<": ">", ">": "<", "<=": ">=", ">=": "<=" };
const STRICTNESS: Record<string, string> = { "<": "<=", "<=": "<", ">": ">=", ">=": ">" };

/** The first date input the text mentions, replaced by `by`. */
function replaceDate(by: string) {
  return (value: unknown, { dates }: { dates: readonly string[] }): string | undefined => {
    if (typeof value !== "string") return undefined;
    const name = dates.find((n) => value.includes(n));
    return name === undefined ? undefined : value.replace(name, by);
  };
}

/** A duration literal without its leading `P` (`duration("30D")`, `duration("T1H")`). */
const DURATION = /duration\("P(T?\d+[YMWDHS])"\)/;

const cellText = (row: unknown[], i: number): string => String(row[i]).trim();

/** `[a..b)` or `(a..b]`: a range that another written the other way (`(a..b]`) continues without a gap. */
const halfOpen = (text: string): boolean => {
  const m = RANGE.exec(text);
  return m !== null && (m[1] === "[") === (m[4] === ")");
};

/**
 * In a table with a number column of half-open ranges and a text column whose every rule bounding
 * the number names one value, the ranges of the last value's rules written with the other ends
 * included (`[20..100)` → `(20..100]`) where another value's rules share one of those ends. Rules
 * of two values never meet, so a threshold written two ways between them is no inconsistency.
 */
function flipOneGroup(rows: unknown, { place }: { place: Place }): unknown[] | undefined {
  if (place.kind !== "rules" || !Array.isArray(rows) || !Array.isArray(rows[0])) return undefined;
  const inputAt = (rows[0] as unknown[]).flatMap((h, i) => (typeof h === "string" && !/^\s*(=>|#)/.test(h) ? [i] : []));
  const rules = rows.slice(1);
  if (!rules.every((r) => Array.isArray(r))) return undefined;
  const rulesOf = rules as unknown[][];
  for (const [k, c] of inputAt.entries()) {
    if (place.columns[k]?.kind !== "number") continue;
    const bounded = rulesOf.filter((r) => cellText(r, c) !== "-");
    if (bounded.length === 0 || !bounded.every((r) => halfOpen(cellText(r, c)))) continue;
    for (const [j, d] of inputAt.entries()) {
      if (j === k || !TEXT.includes(place.columns[j]?.kind as (typeof TEXT)[number])) continue;
      if (!bounded.every((r) => BARE_WORD.test(cellText(r, d)))) continue;
      const ranged = bounded;
      const group = cellText(ranged[ranged.length - 1]!, d);
      const ends = (rs: unknown[][]) => new Set(rs.flatMap((r) => RANGE.exec(cellText(r, c))!.slice(2, 4).map(Number)));
      const mine = ends(ranged.filter((r) => cellText(r, d) === group));
      const others = ends(ranged.filter((r) => cellText(r, d) !== group));
      if (![...mine].some((e) => others.has(e))) continue;
      return rows.map((r, i) =>
        i > 0 && ranged.includes(r as unknown[]) && cellText(r as unknown[], d) === group
          ? (r as unknown[]).map((v, x) =>
              x === c ? cellText(r as unknown[], c).replace(RANGE, (_, a, lo, hi, b) => `${FLIP[a]}${lo}..${hi}${FLIP[b]}`) : v,
            )
          : r,
      );
    }
  }
  return undefined;
}

/** The first declared name the text mentions (longest names first), misspelt. */
function misspellName(value: unknown, { names }: { names: readonly string[] }): string | undefined {
  if (typeof value !== "string") return undefined;
  const name = [...names].sort((a, b) => b.length - a.length).find((n) => n.length >= 4 && value.includes(n));
  return name === undefined ? undefined : value.replace(name, misspell(name));
}

export const KINDS: readonly MistakeKind[] = [
  // ---- input cells of number columns ----
  {
    name: "split-operator",
    description: "a two-character operator split by a space",
    example: [">= 740", "> = 740"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(/([<>])=/, (_, op) => `${op} =`),
  },
  {
    name: "range-as-dash",
    description: "a range written as a subtraction",
    example: ["[25..70]", "25-70"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(RANGE, (_, __, lo, hi) => `${lo}-${hi}`),
  },
  {
    name: "range-as-comma-list",
    description: "a range written as two tests separated by a comma (which means or)",
    example: ["[720..800)", ">= 720, < 800"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(RANGE, (_, a, lo, hi, b) => `${a === "[" ? ">=" : ">"} ${lo}, ${b === "]" ? "<=" : "<"} ${hi}`),
  },
  {
    name: "boolean-in-number-column",
    description: "`true` written in a number column",
    example: ["> 5000", "true"],
    place: "input-cell",
    columns: NUMBER,
    mutate: (v) => (String(v).trim() === "-" ? undefined : "true"),
  },
  {
    name: "decimal-comma",
    description: "a decimal comma instead of a dot",
    example: ["<= 0.43", "<= 0,43"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(/(\d)\.(\d)/, (_, a, b) => `${a},${b}`),
  },
  {
    name: "off-by-one-end",
    otherMeaning: true,
    description: "a range's end included instead of excluded, or the reverse",
    example: ["[18..65)", "[18..65]"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(RANGE, (_, a, lo, hi, b) => `${a}${lo}..${hi}${FLIP[b!]}`),
  },
  {
    name: "off-by-one-start",
    otherMeaning: true,
    description: "a range's start included instead of excluded, or the reverse",
    example: ["(50000..100000]", "[50000..100000]"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(RANGE, (_, a, lo, hi, b) => `${FLIP[a!]}${lo}..${hi}${b}`),
  },
  {
    name: "swapped-comparison",
    otherMeaning: true,
    description: "a comparison pointing the wrong way",
    example: [">= 740", "<= 740"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(/^(<=|>=|<|>)/, (op) => SWAP[op]!),
  },
  {
    name: "strictness",
    otherMeaning: true,
    description: "a strict comparison instead of an inclusive one, or the reverse",
    example: ["> 20000", ">= 20000"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(/^(<=|>=|<|>)/, (op) => STRICTNESS[op]!),
  },
  {
    name: "reversed-range",
    description: "a range's bounds in the wrong order",
    example: ["[620..680)", "[680..620)"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(RANGE, (_, a, lo, hi, b) => `${a}${hi}..${lo}${b}`),
  },
  {
    name: "list-for-range",
    description: "an interval written with a comma, which FEEL reads as a list of its two ends",
    example: ["[620..680)", "[620, 680]"],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(RANGE, (_, __, lo, hi) => `[${lo}, ${hi}]`),
  },
  {
    name: "quoted-number",
    description: "a number in quotes",
    example: ["> 5000", '> "5000"'],
    place: "input-cell",
    columns: NUMBER,
    mutate: replaceFirst(/(?<![\w.])(\d+(?:\.\d+)?)(?![\w.])/, (n) => `"${n}"`),
  },
  // ---- input cells of text, choice and levels columns ----
  {
    name: "misspelt-option",
    description: "a value of a choice or levels column misspelt",
    example: ["theft", "thet"],
    place: "input-cell",
    columns: OPTIONS,
    mutate: replaceFirst(/^([A-Za-z_]\w*)/, (w) => misspell(w)),
  },
  {
    name: "semicolon-list",
    description: "items separated by semicolons",
    example: ["theft, weather", "theft; weather"],
    place: "input-cell",
    columns: TEXT,
    mutate: replaceFirst(/,\s*/, () => "; "),
  },
  {
    name: "single-quotes",
    description: "a value in single quotes",
    example: ["glass", "'glass'"],
    place: "input-cell",
    columns: TEXT,
    mutate: (v) => (typeof v === "string" && BARE_WORD.test(v) ? `'${v}'` : undefined),
  },
  {
    name: "capitalised-value",
    description: "a value written with a capital letter",
    example: ["high", "High"],
    place: "input-cell",
    columns: OPTIONS,
    mutate: replaceFirst(/^([a-z])/, (c) => c.toUpperCase()),
  },
  {
    name: "bang-negation",
    description: "`!` for negation",
    example: ["not(injury)", "!injury"],
    place: "input-cell",
    columns: TEXT,
    mutate: replaceFirst(/^not\((.*)\)$/, (_, inner) => `!${inner}`),
  },
  {
    name: "and-for-list",
    description: "`and` between the values of a list",
    example: ["low, medium", "low and medium"],
    place: "input-cell",
    columns: TEXT,
    mutate: replaceFirst(/,\s*/, () => " and "),
  },
  // ---- input cells of boolean columns ----
  {
    name: "quoted-boolean",
    description: "a boolean in quotes",
    example: ["true", '"true"'],
    place: "input-cell",
    columns: ["boolean"],
    mutate: replaceFirst(/^(true|false)$/, (b) => `"${b}"`),
  },
  {
    name: "yes-for-true",
    description: "yes/no for true/false",
    example: ["false", "no"],
    place: "input-cell",
    columns: ["boolean"],
    mutate: replaceFirst(/^(true|false)$/, (b) => (b === "true" ? "yes" : "no")),
  },
  // ---- output cells ----
  {
    name: "misspelt-output",
    description: "an output value of a choice or levels column misspelt",
    example: ["medium", "meduim"],
    place: "output-cell",
    columns: OPTIONS,
    mutate: replaceFirst(/^([A-Za-z_]\w*)$/, (w) => misspell(w)),
  },
  {
    name: "decimal-comma-output",
    description: "a decimal comma in a number output",
    example: ["9.25", "9,25"],
    place: "output-cell",
    columns: NUMBER,
    mutate: replaceFirst(/(\d)\.(\d)/, (_, a, b) => `${a},${b}`),
  },
  {
    name: "quoted-number-output",
    description: "a number output in quotes",
    example: ["14.75", '"14.75"'],
    place: "output-cell",
    columns: NUMBER,
    mutate: replaceFirst(/^(-?\d+(?:\.\d+)?)$/, (n) => `"${n}"`),
  },
  {
    name: "yes-for-true-output",
    description: "yes/no as a boolean output",
    example: ["true", "yes"],
    place: "output-cell",
    columns: ["boolean"],
    mutate: replaceFirst(/^(true|false)$/, (b) => (b === "true" ? "yes" : "no")),
  },
  // ---- expressions ----
  {
    name: "double-equals",
    description: "`==` for equality",
    example: ['employment = "contractor"', 'employment == "contractor"'],
    place: "expression",
    mutate: replaceFirst(/(?<![<>!=])=(?!=)/, () => "=="),
  },
  {
    name: "c-and",
    description: "`&&` for and",
    example: ["a and b", "a && b"],
    place: "expression",
    mutate: replaceFirst(/ and /, () => " && "),
  },
  {
    name: "c-or",
    description: "`||` for or",
    example: ["a or b", "a || b"],
    place: "expression",
    mutate: replaceFirst(/ or /, () => " || "),
  },
  {
    name: "arrow-for-at-least",
    description: "`=>` for at least",
    example: ["claim amount >= 25000", "claim amount => 25000"],
    place: "expression",
    mutate: replaceFirst(/>=/, () => "=>"),
  },
  {
    name: "sql-not-equal",
    description: "`<>` for not equal",
    example: ['route != "adjuster"', 'route <> "adjuster"'],
    place: "expression",
    mutate: replaceFirst(/!=/, () => "<>"),
  },
  {
    name: "misspelt-name",
    description: "an input or decision name misspelt",
    example: ["claim amount >= 25000", "claim amont >= 25000"],
    place: "expression",
    mutate: misspellName,
  },
  {
    name: "singular-property",
    description: "a duration property in the singular",
    example: ["(a - b).days", "(a - b).day"],
    place: "expression",
    mutate: replaceFirst(/\.(days|years|months|hours|minutes)\b/, (_, p) => `.${p!.slice(0, -1)}`),
  },
  {
    name: "single-quoted-string",
    description: "a string literal in single quotes",
    example: ['employment = "contractor"', "employment = 'contractor'"],
    place: "expression",
    mutate: replaceFirst(/"([^"\\]*)"/, (_, s) => `'${s}'`),
  },
  {
    name: "misspelt-literal",
    description: "a string literal compared with a choice misspelt",
    example: ['route = "adjuster"', 'route = "adjustr"'],
    place: "expression",
    mutate: replaceFirst(/= "([A-Za-z_]\w*)"/, (_, s) => `= "${misspell(s!)}"`),
  },
  {
    name: "ordering-choice",
    otherMeaning: true,
    description: "`<` instead of `=` on a choice or levels value (levels are ordered: that may be meant)",
    example: ['route = "adjuster"', 'route < "adjuster"'],
    place: "expression",
    mutate: replaceFirst(/ = "/, () => ' < "'),
  },
  {
    name: "malformed-duration",
    description: "a duration literal that is not ISO 8601",
    example: ['duration("P30D")', 'duration("30D")'],
    place: "expression",
    mutate: replaceFirst(DURATION, (_, d) => `duration("${d}")`),
  },
  {
    name: "malformed-duration-cell",
    description: "a duration literal in an output cell that is not ISO 8601",
    example: ['duration("PT4H")', 'duration("T4H")'],
    place: "output-cell",
    mutate: replaceFirst(DURATION, (_, d) => `duration("${d}")`),
  },
  {
    name: "impossible-date",
    description: "a date written as a literal with a month that does not exist",
    example: ['incident date + duration("P30D")', 'date("2026-13-01") + duration("P30D")'],
    place: "expression",
    mutate: replaceDate('date("2026-13-01")'),
  },
  {
    name: "clock-for-date",
    description: "the clock (`today()`) read in place of a date input",
    example: ["incident date", "today()"],
    place: "expression",
    mutate: replaceDate("today()"),
  },
  {
    name: "now-for-date",
    description: "the clock's date and time (`now()`) read in place of a date input",
    example: ["incident date", "now()"],
    place: "expression",
    mutate: replaceDate("now()"),
  },
  // ---- headings, rule lists, inputs, let ----
  {
    name: "misspelt-output-type",
    description: "the type in an output heading misspelt",
    example: ["=> number", "=> nmber"],
    place: "output-heading",
    mutate: replaceFirst(
      /^(=>\s*(?:[^:]+:\s*)?)(number|boolean|string|date|days and time duration)$/,
      (_, head, type) => `${head}${misspell(type!)}`,
    ),
  },
  {
    name: "misspelt-column",
    description: "a column heading naming an input or decision misspelt",
    example: ["credit score", "credit scoe"],
    place: "heading",
    mutate: misspellName,
  },
  {
    name: "missing-else-row",
    description: "the else row (all `-`) left out",
    example: ['["-", "-", "high"]', "(removed)"],
    place: "rules",
    mutate: (rows, { place }) => {
      const r = rows as unknown[];
      const last = r[r.length - 1];
      const inputs = place.kind === "rules" ? place.inputs : 0;
      const isElse = Array.isArray(last)
        ? last.slice(0, inputs).every((c) => c === "-")
        : typeof last === "object" && last !== null && Object.keys((last as { when?: object }).when ?? {}).length === 0;
      return isElse && r.length > 2 ? r.slice(0, -1) : undefined;
    },
  },
  {
    name: "short-row",
    description: "a rule with one input cell too few",
    example: ['[">= 740", "<= 0.3", "low"]', '[">= 740", "low"]'],
    place: "rules",
    mutate: (rows) => {
      const r = rows as unknown[];
      const i = r.findIndex((row, k) => k > 0 && Array.isArray(row) && row.length > 1);
      if (i < 0) return undefined;
      return r.map((x, k) => (k === i ? (x as unknown[]).slice(1) : x));
    },
  },
  {
    name: "bound-style-per-group",
    otherMeaning: true,
    falseAlarm: "tables.inconsistent-bound",
    description:
      "one value's ranges written with the other ends included, where another column keeps its rules apart from the rules sharing those ends (not a mistake: must raise no inconsistent bound)",
    example: ['["tech", "[20..100)"]', '["tech", "(20..100]"]'],
    place: "rules",
    mutate: flipOneGroup,
  },
  {
    name: "number-typed-as-string",
    description: "a number input declared as a string",
    example: ["number >= 0", "string"],
    place: "input-type",
    mutate: (t) => (typeof t === "string" && t.startsWith("number") ? "string" : undefined),
  },
  {
    name: "date-typed-as-string",
    description: "a date input declared as a string",
    example: ["date", "string"],
    place: "input-type",
    mutate: (t) => (t === "date" ? "string" : undefined),
  },
  {
    name: "let-order",
    description: "`let` entries in the wrong order",
    example: ["{a: 1, b: a + 1}", "{b: a + 1, a: 1}"],
    place: "let",
    mutate: (lets) => {
      const entries = Object.entries(lets as Record<string, unknown>);
      return entries.length < 2 ? undefined : Object.fromEntries(entries.reverse());
    },
  },
];
