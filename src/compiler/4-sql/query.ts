// A model → one self-contained query over a relation whose columns are the model's inputs. It
// returns the row's id, one column per decision named as declared, the rule each table fired
// (`<decision>.rule`), and `$scored`: whether the row conforms to the input schema and lies in
// the query's exact domain (each number input's decimal type). Decisions are null on a row that is
// not scored; the batch engine scores such rows with the JS engine.
import type { Diagnostic } from "../../ir/diagnostics.js";
import { diagnostic } from "../../ir/diagnostics.js";
import type { DecisionIR, InputIR, ModelIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { clusterColumns } from "./cluster.js";
import { withinDeclared } from "./declared-types.js";
import { recordSql } from "./contexts.js";
import { TRUE } from "./compare.js";
import { unsupported, type SqlContext } from "./context.js";
import { DIALECTS, identifier, stringLiteral, type Dialect, type DialectName } from "./dialects.js";
import { durationText, heldAsText, isDuration } from "./durations.js";
import { parsedDateTime, writtenDateTime } from "./date-time-values.js";
import { coerced, levelsOf, refKey, type SqlScope } from "./expressions.js";
import { Layers } from "./layers.js";
import { heldInteger, holdCast, numberColumn } from "./numbers.js";
import { lowerBody } from "./tables.js";
import { listSyntax, MAX_ITEMS } from "./lists.js";
import { allOf } from "./unary-tests.js";
import { decimalShape, literal, SqlUnsupported, widthOf, type SqlKind, type SqlPlace, type SqlValue } from "./values.js";

/**
 * A number input's decimal type when nothing narrower is known: 9 digits before the point, 6 after.
 * At most 15 digits in all, so that a JSON number read as a double converts to it exactly: below
 * 10^9 a double is within 2^-24 of its shortest decimal, and rounding it to 6 places finds that
 * decimal whenever it has at most 6 (docs/sql.md).
 */
const DEFAULT_NUMBER: Digits = { int: 9, scale: 6 };

/** An exact decimal type: digits before and after the point. */
export interface Digits {
  int: number;
  scale: number;
}

export interface ColumnMapping {
  /** the column's name (default: the input's) */
  column?: string;
  /** a number column's exact type, `DECIMAL(p, s)` */
  type?: string;
}

export interface SqlOptions {
  dialect: DialectName;
  /**
   * a strict model (default) holds each decision to the constraints of its declared type: a value
   * outside them is an error (DeclaredResultError), which a query cannot raise, so such a decision
   * is refused
   */
  strict?: boolean;
  /** the table (or view) to read, as one identifier (default `input`) */
  table?: string;
  /** instead of a table, the SQL of a relation (what the batch engines read), maybe made from the input columns */
  source?: string | ((inputs: InputColumn[], clusterBy: string[]) => string);
  /** input name → column name or mapping */
  columns?: Record<string, string | ColumnMapping>;
  /** the id column echoed in the result (default `id`); null for none */
  id?: string | null;
  /** the obvious, inexact translation (context.ts): for the tests' control run only */
  naive?: boolean;
  /** a boolean column of the source a row must have true to be scored (the batch engine's own checks) */
  rowCondition?: string;
  /** columns of the source passed through to the result as they are */
  carry?: string[] | ((inputs: InputColumn[]) => string[]);
  /**
   * column name → the digits its values need (what a batch engine found in the data): a number
   * input's exact domain is narrowed to them, never widened. Narrower shapes keep DuckDB's
   * arithmetic in 64 bits; a value outside the narrowed domain is not scored, as any value outside
   * the domain (the batch engine scores it with the JS engine), so the answers are the same.
   */
  narrow?: Record<string, Digits>;
  /**
   * column name → the exact decimal its type holds (an integer type's digits at no places, a
   * `DECIMAL(p, s)`'s): where it has no more places than the input's domain, the column is its
   * decimal already, so the query widens it instead of casting it and comparing it back; where
   * it also has no more digits before the point, every value fits and only a null is checked
   */
  typed?: Record<string, Digits>;
  /**
   * DuckDB: each number decision computed as a 64-bit scaled integer is also that integer, a
   * result column of its own (OutputColumn's `integer`), for a batch engine's output to read
   */
  integers?: boolean;
}

export interface InputColumn {
  input: string;
  column: string;
  kind: SqlKind;
  /** numbers: the exact domain; a value outside it is not scored */
  digits?: Digits;
  blank: boolean;
  /** a list: its items' kind, and a struct's fields (each with its domain), in the declared order */
  items?: ListItems;
}

/** What a list input's items are: a scalar of a kind, or a struct of named scalars. */
export interface ListItems {
  kind: SqlKind;
  digits?: Digits;
  fields?: { name: string; kind: SqlKind; digits?: Digits }[];
}

export interface SqlQuery {
  dialect: DialectName;
  sql: string;
  inputs: InputColumn[];
  /** result columns: the id (when any), the decisions, the rules, `$scored` */
  decisions: OutputColumn[];
  rules: string[];
  /** input columns a batch engine may sort the rows by first, to the query's profit (cluster.ts) */
  clusterBy: string[];
}

/** A decision's result column: its kind, and a context's entries in order. */
export interface OutputColumn {
  name: string;
  kind: SqlKind;
  fields?: OutputColumn[];
  /** a list: what its items are (absent where the items are held as no output column can read them: durations, dates and times) */
  element?: OutputColumn;
  /** numbers: every value has at most `digits` digits, `scale` of them after the point (its shape) */
  digits?: number;
  scale?: number;
  /**
   * a table's single output of literals: on a row where the result column `rule` is not null, the
   * value is the constant SQL `items[rule - 1]` (so its text can be made once per rule, not per row)
   */
  listed?: { rule: string; items: readonly string[] };
  /**
   * a number held as a 64-bit integer too (SqlOptions' `integers`): the result column `integer` is
   * the BIGINT value × 10^scale, null where the decision's is (its double or text made from it
   * needs no decimal)
   */
  integer?: string;
}

export type SqlLowering = { ok: true; query: SqlQuery } | { ok: false; diagnostics: Diagnostic[] };

export const SCORED = "$scored";
export const ruleColumn = (decision: string): string => `${decision}.rule`;

/** The result column of a number decision's scaled integer (OutputColumn's `integer`). */
const integerColumn = (decision: string): string => `${decision}.integer`;

/** A decision that could not be lowered: what reads it is stopped by the same diagnostic. */
class Blocked extends Error {}

const INPUT_KINDS: Partial<Record<Type["kind"], SqlKind>> = {
  number: "number",
  string: "string",
  choice: "string",
  levels: "string",
  boolean: "boolean",
  date: "date",
  "date and time": "datetime",
};

export function lowerModel(ir: ModelIR, decisions: DecisionIR[], options: SqlOptions): SqlLowering {
  const dialect = DIALECTS[options.dialect];
  const layers = new Layers();
  const diagnostics: Diagnostic[] = [];
  const report = (e: unknown, fallback: SqlPlace) => {
    if (e instanceof Blocked) return;
    if (!(e instanceof SqlUnsupported)) throw e;
    const place = e.place.address ? e.place : fallback;
    const d = diagnostic("sql.unsupported", { what: e.what, dialect: dialect.title }, place);
    // a function's refusal is met once per decision that calls it: reported once
    const same = (o: Diagnostic) => o.address === d.address && o.message === d.message && o.span?.start === d.span?.start;
    if (!diagnostics.some(same)) diagnostics.push(d);
  };

  const names = new Map<string, SqlValue>();
  const columns: InputColumn[] = [];
  const scored: SqlValue[] = [];
  for (const input of ir.inputs) {
    try {
      const { value, conditions, column } = inputColumn(input, options, dialect, layers);
      names.set(refKey({ kind: "input", name: input.name }), value);
      scored.push(...conditions);
      columns.push(column);
    } catch (e) {
      report(e, { address: input.address });
    }
  }
  const id = options.id === undefined ? "id" : options.id;
  const idColumn = id === null ? undefined : layers.input(identifier(id));
  if (options.rowCondition)
    scored.push({ sql: layers.input(`COALESCE(${identifier(options.rowCondition)}, FALSE)`), kind: "boolean", depth: 0 });
  const carry = typeof options.carry === "function" ? options.carry(columns) : (options.carry ?? []);
  const carried = carry.map((c) => [c, layers.input(identifier(c))] as const);
  // AND and OR only (no NOT): a check's null fails the row as its false would
  const checked = allOf(scored.length ? scored : [TRUE]);
  const scoredColumn = layers.bind({ ...checked, sql: `COALESCE(${checked.sql}, FALSE)` });

  const functions = new Map(ir.functions.map((f) => [f.name, f]));
  const blocked = new Set<string>();
  /** tables whose rule is looked up in a grid: no sort of the rows helps them */
  const looked = new Set<string>();
  const results: [name: string, sql: string][] = [];
  const rules: string[] = [];
  const kinds: OutputColumn[] = [];
  /** each constrained decision's value within its declared type's constraint */
  const within: string[] = [];
  for (const d of decisions) {
    const scope: SqlScope = { names: new Map(names), functions, calling: [] };
    const cx: SqlContext = { dialect, layers, place: placeOf(d.address, d.body), naive: options.naive };
    try {
      if (d.deps.some((dep) => blocked.has(dep))) throw new Blocked();
      for (const l of d.lets) {
        const v = lowerBody(l.body, scope, { ...cx, place: placeOf(l.address, l.body) }).value;
        (scope.names as Map<string, SqlValue>).set(refKey({ kind: "let", name: l.name }), layers.bind(v));
      }
      const { value, rule, grid, listed } = lowerBody(d.body, scope, cx);
      if (grid) looked.add(d.name);
      const levels = levelsOf(d.type);
      const conformed = coerced(value, d.type, cx).value;
      const typed = layers.bind(conformed);
      const bound = levels && typed.kind === "string" ? { ...typed, levels } : typed;
      // the constraints of its declared type (`number >= 0`, a list's items, a context's fields), tested
      // as the runtime's declared.ts tests them: a value not surely within them leaves the row to the JS
      // engine, which throws the decision's DeclaredResultError there (its error record, its own message)
      const held = (options.strict ?? true) ? withinDeclared(bound, d.type, scope, cx) : undefined;
      if (held !== undefined) within.push(held);
      names.set(refKey({ kind: "decision", name: d.name }), bound);
      if (bound.fields && [...bound.fields.values()].some(heldAsText))
        throw unsupported(cx, "a context of outputs holding a duration or a date and time");
      results.push([d.name, outputOf(bound, cx)]);
      // the declared type left the table's value as it was: each rule's value is its listed literal
      // (a duration's column is its text, not the integer listed)
      const same = rule && listed && conformed === value && !heldAsText(bound);
      const integer = options.integers ? integerOf(bound, cx) : undefined;
      if (integer !== undefined) results.push([integerColumn(d.name), integer]);
      kinds.push({
        ...outputColumn(d.name, bound),
        ...(same ? { listed: { rule: ruleColumn(d.name), items: listed } } : {}),
        ...(integer !== undefined ? { integer: integerColumn(d.name) } : {}),
      });
      if (rule) {
        results.push([ruleColumn(d.name), rule.sql]);
        rules.push(d.name);
      }
    } catch (e) {
      blocked.add(d.name);
      report(e, cx.place);
    }
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  // a row whose decision falls outside its declared type is not scored (its decisions computed only on a row that is)
  const scoredSql = within.length ? `CASE WHEN ${scoredColumn.sql} THEN ${within.join(" AND ")} ELSE FALSE END` : scoredColumn.sql;
  const selected = [...(idColumn ? [`${idColumn} AS ${identifier(id!)}`] : []), ...carried.map(([c, sql]) => `${sql} AS ${identifier(c)}`)];
  const taken = new Set([...(id === null ? [] : [id]), ...carried.map(([c]) => c)]);
  for (const [name, sql] of [...results, [SCORED, "TRUE"] as const]) {
    // a name is always a quoted identifier, but no dialect's identifier holds NUL
    if (name.includes("\0"))
      return {
        ok: false,
        diagnostics: [
          diagnostic("sql.unsupported", { what: "a name holding the NUL character", dialect: dialect.title }, { address: "decisions" }),
        ],
      };
    if (taken.has(name)) {
      const clash = `the result column "${name}", which two outputs would have`;
      return { ok: false, diagnostics: [diagnostic("sql.unsupported", { what: clash, dialect: dialect.title }, { address: "decisions" })] };
    }
    taken.add(name);
    selected.push(`${name === SCORED ? scoredSql : `CASE WHEN ${scoredColumn.sql} THEN ${sql} END`} AS ${identifier(name)}`);
  }
  const clusterBy = clusterColumns(
    decisions.filter((d) => !looked.has(d.name)),
    columns,
  );
  const source =
    typeof options.source === "function" ? options.source(columns, clusterBy) : (options.source ?? identifier(options.table ?? "input"));
  return {
    ok: true,
    query: {
      dialect: dialect.name,
      sql: layers.render(source, selected, dialect.layerEnd),
      inputs: columns,
      decisions: kinds,
      rules,
      clusterBy,
    },
  };
}

/** A number decision's scaled integer where it was computed as one (a rounding's, a sum or an `if` of such), not cast from its decimal. */
function integerOf(v: SqlValue, cx: SqlContext): string | undefined {
  if (v.kind !== "number" || !v.shape) return undefined;
  const held = heldInteger(v, v.shape.scale, cx, false);
  return held && !held.constant ? held.sql : undefined;
}

const outputColumn = (name: string, v: SqlValue): OutputColumn =>
  v.fields
    ? { name, kind: v.kind, fields: [...v.fields].map(([k, f]) => outputColumn(k, f)) }
    : heldAsText(v)
      ? { name, kind: "string" }
      : v.kind === "list"
        ? { name, kind: v.kind, ...(v.element && !holdsText(v.element) ? { element: outputColumn("", v.element) } : {}) }
        : { name, kind: v.kind, ...(v.kind === "number" && v.shape ? { digits: widthOf(v.shape), scale: v.shape.scale } : {}) };

/** Whether a list's item holds a value an output writes from text the query does not make: a duration or a date and time, at any depth. */
const holdsText = (v: SqlValue): boolean =>
  heldAsText(v) || [...(v.fields?.values() ?? [])].some(holdsText) || (v.element !== undefined && holdsText(v.element));

function placeOf(address: string, body: DecisionIR["body"]): SqlPlace {
  return body.kind === "expr" ? { address, source: body.text } : { address };
}

/**
 * A decision's value as a result column: a context as the dialect's record, a duration or a date
 * and time as the text the JS engine writes of it (the records hold that text, byte for byte).
 */
const outputOf = (v: SqlValue, cx: SqlContext): string =>
  v.kind === "record"
    ? recordSql(v, cx.dialect)
    : isDuration(v)
      ? durationText(v, cx)
      : v.kind === "datetime"
        ? writtenDateTime(cx.layers.bind(v), cx)
        : v.sql;

/** The digits a number input may have: its constraint's bounds, a mapping's type, or the default. */
function numberDigits(input: InputIR, mapping: ColumnMapping | undefined, cx: () => SqlContext): Digits {
  if (mapping?.type !== undefined) {
    const m = /^\s*DECIMAL\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$/i.exec(mapping.type);
    if (!m || Number(m[2]) > Number(m[1]) || Number(m[1]) > 34)
      throw new SqlUnsupported(`the column type ${mapping.type} (DECIMAL(p, s) with s ≤ p ≤ 34)`, cx().place);
    return { int: Number(m[1]) - Number(m[2]), scale: Number(m[2]) };
  }
  const c = input.type.kind === "number" ? input.type.constraint : undefined;
  const low = c?.minimum ?? c?.exclusiveMinimum;
  const high = c?.maximum ?? c?.exclusiveMaximum;
  if (low === undefined || high === undefined) return DEFAULT_NUMBER;
  const magnitude = Math.max(Math.abs(low), Math.abs(high));
  const int = magnitude < 1 ? 0 : String(Math.floor(magnitude)).length;
  return int > DEFAULT_NUMBER.int ? DEFAULT_NUMBER : { int, scale: DEFAULT_NUMBER.scale };
}

/** A domain narrowed to the digits the data needs (`data`), never widened. */
function narrowed(digits: Digits, data: Digits | undefined): Digits {
  if (!data) return digits;
  const int = Math.max(0, Math.min(digits.int, data.int));
  const scale = Math.max(0, Math.min(digits.scale, data.scale));
  // at least one digit: a DECIMAL(1, 0) holds 0 to 9, more than a domain of no digits
  if (int + scale > 0) return { int, scale };
  return digits.int > 0 ? { int: 1, scale: 0 } : { int: 0, scale: 1 };
}

/**
 * An input's checks, each true or not true (false or null): all of them, or a missing value when the
 * input may be blank. A null is no pass: `$scored` is false unless the whole conjunction is true.
 */
function orMissing(column: string, checks: string[], blank: boolean): string {
  const all = checks.length === 1 ? checks[0]! : `(${checks.join(" AND ")})`;
  return blank ? `(${column} IS NULL OR ${all})` : all;
}

/** The bounds of the input schema (schema/derive.ts), as the validator checks them. */
const BOUNDS = [
  ["minimum", ">="],
  ["maximum", "<="],
  ["exclusiveMinimum", ">"],
  ["exclusiveMaximum", "<"],
] as const;

/**
 * An input read from its column: the value, typed, and the conditions of the input schema
 * (docs/input-schema.md) and of the exact domain that a scored row meets.
 */
function inputColumn(
  input: InputIR,
  options: SqlOptions,
  dialect: Dialect,
  layers: Layers,
): { value: SqlValue; conditions: SqlValue[]; column: InputColumn } {
  const mapped = options.columns?.[input.name];
  const mapping = typeof mapped === "string" ? { column: mapped } : mapped;
  const column = mapping?.column ?? input.name;
  const cx = (): SqlContext => ({ dialect, layers, place: { address: input.address } });
  if (input.type.kind === "list") return listInput(input, input.type.element, options, dialect, layers);
  const kind = INPUT_KINDS[input.type.kind];
  if (!kind) throw new SqlUnsupported(`an input of the type ${input.type.kind}`, cx().place);
  if (column.includes("\0")) throw new SqlUnsupported("a column name holding the NUL character", cx().place);
  const raw = identifier(column);
  if (kind === "datetime") return dateTimeInput(input, column, raw, cx());
  const conditions: string[] = [];
  let value: SqlValue;
  let digits: Digits | undefined;
  if (kind === "number") {
    digits = narrowed(numberDigits(input, mapping, cx), options.narrow?.[column]);
    // the column read once: its value as the decimal, then whether that is the column's number (one layer up)
    const read = layers.input(raw);
    const own = options.typed?.[column];
    const widen = own && own.scale <= digits.scale ? dialect.widenDecimal : undefined;
    const fits = widen !== undefined && own!.int <= digits.int;
    const decimal = widen ? widen(raw, digits.int, digits.scale, fits) : dialect.toDecimal(raw, digits.int, digits.scale);
    value = numberColumn(layers.input(decimal), decimalShape(digits.int, digits.scale));
    holdCast(value, cx());
    const c = input.type.kind === "number" ? input.type.constraint : undefined;
    // a bound is a JS number, written as its shortest decimal: the same order as the validator's doubles (docs/numbers.md)
    const bounds = BOUNDS.flatMap(([key, op]) => {
      const bound = c?.[key];
      if (bound === undefined) return [];
      if (!/^-?\d+(\.\d+)?$/.test(String(bound))) throw new SqlUnsupported(`the bound ${bound}`, cx().place);
      return [`${value.sql} ${op} ${String(bound)}`];
    });
    // TRY_CAST's overflow is a null: only a true comparison fits, and a true fit holds a value, so
    // the bounds after it need no null guard (the row's check is false unless every part is true).
    // A widened column is its value or null (a bound's comparison with a null fails the row too)
    const fit = widen ? `${fits ? read : value.sql} IS NOT NULL` : dialect.fitsDecimal(read, digits.int, digits.scale, value.sql);
    conditions.push(orMissing(read, widen && bounds.length > 0 ? bounds : [fit, ...bounds], input.blank));
  } else {
    const type = dialect.typeNames[kind as keyof Dialect["typeNames"]];
    value = literal(layers.input(`CAST(${raw} AS ${type})`), kind);
    const allowed = input.type.kind === "choice" || input.type.kind === "levels" ? input.type.values : undefined;
    if (allowed) conditions.push(orMissing(value.sql, [`${value.sql} IN (${allowed.map(stringLiteral).join(", ")})`], input.blank));
    else if (!input.blank) conditions.push(`${value.sql} IS NOT NULL`);
    if (input.type.kind === "string" && input.type.constraint) throw new SqlUnsupported("a string input with a condition", cx().place);
    if (input.type.kind === "date" && input.type.constraint) throw new SqlUnsupported("a date input with a condition", cx().place);
    const levels = levelsOf(input.type);
    if (levels) value = { ...value, levels };
  }
  return {
    value,
    // over the bottom layer's columns only (the source's own columns are not read above it)
    conditions: conditions.map((c) => ({ sql: c, kind: "boolean", depth: 0 })),
    column: { input: input.name, column, kind, digits, blank: input.blank },
  };
}

/**
 * A date and time input: its text (a column), and its value read from that one layer up; a row is
 * scored where the query reads the text (date-time-values.ts).
 */
function dateTimeInput(input: InputIR, column: string, raw: string, cx: SqlContext): ReturnType<typeof inputColumn> {
  if (input.type.kind === "date and time" && input.type.constraint)
    throw new SqlUnsupported("a date and time input with a condition", cx.place);
  const text = cx.layers.input(`CAST(${raw} AS ${cx.dialect.typeNames.string})`);
  const value = cx.layers.bind({ sql: parsedDateTime(text, cx), kind: "datetime", moved: 0, depth: 0 });
  const read = `${value.sql} IS NOT NULL`;
  return {
    value,
    conditions: [{ sql: input.blank ? `(${text} IS NULL OR ${read})` : read, kind: "boolean", depth: value.depth }],
    column: { input: input.name, column, kind: "datetime", blank: input.blank },
  };
}

/** A scalar's checks (from `raw`, the value as the source holds it) and its typed value, as an input's or a list item's field. */
function scalarOf(
  t: Type,
  raw: string,
  digits: Digits | undefined,
  dialect: Dialect,
  cx: () => SqlContext,
): { value: SqlValue; checks: string[]; kind: SqlKind } {
  const kind = INPUT_KINDS[t.kind];
  if (!kind || kind === "datetime") throw new SqlUnsupported(`a list item of the type ${t.kind}`, cx().place);
  if ((t.kind === "string" || t.kind === "date") && t.constraint)
    throw new SqlUnsupported(`a ${t.kind} with a condition in a list`, cx().place);
  if (kind === "number") {
    const d = digits!;
    const value = numberColumn(dialect.toDecimal(raw, d.int, d.scale), decimalShape(d.int, d.scale));
    const c = t.kind === "number" ? t.constraint : undefined;
    const bounds = BOUNDS.flatMap(([key, op]) => {
      const bound = c?.[key];
      if (bound === undefined) return [];
      if (!/^-?\d+(\.\d+)?$/.test(String(bound))) throw new SqlUnsupported(`the bound ${bound}`, cx().place);
      return [`${raw} ${op} ${String(bound)}`];
    });
    return { value, checks: [dialect.fitsDecimal(raw, d.int, d.scale, value.sql), ...bounds], kind };
  }
  const type = dialect.typeNames[kind as keyof Dialect["typeNames"]];
  const value = literal(`CAST(${raw} AS ${type})`, kind, levelsOf(t) ? { levels: levelsOf(t) } : {});
  const allowed = t.kind === "choice" || t.kind === "levels" ? t.values : undefined;
  return { value, checks: allowed ? [`${value.sql} IN (${allowed.map(stringLiteral).join(", ")})`] : [`${raw} IS NOT NULL`], kind };
}

/** A number in a list: its declared bounds' digits, or the default. */
function itemDigits(t: Type): Digits | undefined {
  if (t.kind !== "number") return undefined;
  return numberDigits({ type: t } as InputIR, undefined, () => {
    throw new Error("unreachable");
  });
}

/**
 * A list input (of structs or of scalars): the column's items typed once (a list of the typed
 * structs), and its checks — the list present (unless blank), at most MAX_ITEMS items, each item
 * present and each field present, of its kind, in its exact domain and bounds, as the input schema
 * requires (docs/input-schema.md: a struct's fields are all required, none null).
 */
function listInput(
  input: InputIR,
  element: Type,
  options: SqlOptions,
  dialect: Dialect,
  layers: Layers,
): { value: SqlValue; conditions: SqlValue[]; column: InputColumn } {
  const mapped = options.columns?.[input.name];
  const column = (typeof mapped === "string" ? mapped : mapped?.column) ?? input.name;
  const cx = (): SqlContext => ({ dialect, layers, place: { address: input.address } });
  const lists = listSyntax(cx());
  if (column.includes("\0")) throw new SqlUnsupported("a column name holding the NUL character", cx().place);
  const raw = identifier(column);
  const v = `"$item"`;
  // the column as a list of items where the dialect reads it so (PostgreSQL's jsonb array), and its form's check
  const read = lists.column;
  const source = element.kind === "struct" ? (read?.structs(raw, v) ?? raw) : (read?.scalars(raw) ?? raw);
  const form = element.kind === "struct" ? read?.structForm(raw) : read?.scalarForm(raw);
  let typed: string;
  let checks: string[];
  let elementValue: SqlValue;
  let items: ListItems;
  if (element.kind === "struct") {
    if (element.fields.length === 0) throw new SqlUnsupported("a list of structs without fields", cx().place);
    const fields = element.fields.map(([name, t]) => {
      if (name.includes("\0")) throw new SqlUnsupported("a field name holding the NUL character", cx().place);
      const digits = itemDigits(t);
      const kind = INPUT_KINDS[t.kind] ?? "null";
      const field = read ? read.field(v, name, kind) : lists.field(v, name, kind);
      if (field === undefined) throw new SqlUnsupported(`a ${t.kind} field of a list of structs`, cx().place);
      return { name, digits, ...scalarOf(t, field, digits, dialect, cx) };
    });
    typed = lists.map(source, v, lists.struct(fields.map((f) => [f.name, f.value.sql] as const)));
    checks = [`${v} IS NOT NULL`, ...fields.flatMap((f) => f.checks)];
    elementValue = {
      kind: "record",
      sql: "",
      depth: 0,
      fields: new Map(fields.map((f) => [f.name, { ...f.value, sql: "" }] as const)),
    };
    items = { kind: "record", fields: fields.map((f) => ({ name: f.name, kind: f.kind, digits: f.digits })) };
  } else {
    const digits = itemDigits(element);
    const s = scalarOf(element, v, digits, dialect, cx);
    typed = lists.map(source, v, s.value.sql);
    checks = s.checks;
    elementValue = { ...s.value, sql: "" };
    items = { kind: s.kind, digits };
  }
  // each item's checks true (a null is no pass); none for an empty list
  const passes = `COALESCE(${checks.join(" AND ")}, FALSE)`;
  const everyItem = lists.every ? lists.every(source, v, passes) : `NOT ${lists.has(lists.map(source, v, passes), "FALSE")}`;
  const condition = orMissing(raw, [...(form ? [form] : []), `${lists.length(source)} <= ${MAX_ITEMS}`, everyItem], input.blank);
  const value: SqlValue = { sql: layers.input(typed), kind: "list", element: elementValue, maxItems: MAX_ITEMS, depth: 0, atomic: true };
  return {
    value,
    // read from the source, so a column of the bottom layer
    conditions: [{ sql: layers.input(condition), kind: "boolean", depth: 0 }],
    column: { input: input.name, column, kind: "list", blank: input.blank, items },
  };
}
