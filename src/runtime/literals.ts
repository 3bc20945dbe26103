// Constructors generated code uses for literals: numbers, @"..." temporals, contexts.
import { charge, CONTAINER_SIZE } from "./budget.js";
import { Decimal } from "./decimal.js";
import { ints } from "./int-codec.js";
import { problem } from "./problems.js";
import { parseTemporal } from "./temporal/index.js";
import { FeelContext, type FeelValue } from "./values.js";

export const num = (text: string): Decimal => new Decimal(text);

/** The numbers of literals written one after another, a space between, null where none is written (a large table's outputs). */
export const nums = (texts: string): (Decimal | null)[] => texts.split(" ").map((t) => (t === "" ? null : num(t)));

/**
 * The same numbers written as integers (codegen/int-list.ts `numberList`), once, at load: each is
 * the scaled number its digits and decimals give, the number `num` reads from its text; null for a 0.
 */
export function decimals(text: string): (Decimal | null)[] {
  const codes = ints(text);
  const out: (Decimal | null)[] = [];
  for (let i = 0; i < codes.length; i++) {
    const head = codes[i]!;
    if (head === 0) {
      out.push(null);
      continue;
    }
    const digits = codes[++i]!;
    out.push(Decimal.scaled(head % 2 === 0 ? -digits : digits, (head - 1) >> 1));
  }
  return out;
}

/** A number read from outside the program (a JSON state, `number("-0")`): FEEL has no negative zero. */
export function readNumber(v: number | string): Decimal {
  // an integer, the commonest number in a state, is its own coefficient
  if (typeof v === "number" && Number.isSafeInteger(v)) return Decimal.scaled(v === 0 ? 0 : v, 0);
  const d = new Decimal(v);
  return d.isZero() && d.isNegative() ? new Decimal(0) : d;
}

export function temporalLiteral(text: string): FeelValue {
  return parseTemporal(text) ?? problem(`@"${text}" is not a valid date, time or duration`);
}

/**
 * A context literal's value, of distinct names (codegen and the optimiser make it only of those): it
 * and its entries count toward the evaluation's size. Kept as two arrays, as a context read from
 * JSON is, so that its typed JSON writer and reads by slot take their direct paths (values.ts).
 * `names` may be an array generated code hoists and shares: a context never changes its names.
 */
export function contextOf(names: readonly string[], values: FeelValue[]): FeelContext {
  charge(CONTAINER_SIZE + names.length);
  return FeelContext.fromArrays(names, values);
}

/** `contextOf` of [name, value] pairs: what modules generated before `contextOf` call. */
export const context = (entries: [string, FeelValue][]): FeelContext =>
  contextOf(
    entries.map((e) => e[0]),
    entries.map((e) => e[1]),
  );
