// A strict model's declared results. A decision's declared type (its `type`, its table's output
// heading, or the range of the question it answers) is a promise about every value it gives: a
// value outside it is an error naming the decision and what it was declared, never a value passed
// on. Generated code calls `declared` once a decision is computed; the service, `pdm run`, the
// generated packages and `pdm score` each report the DeclaredResultError it throws.
import type { Constraint, Type } from "../ir/types.js";
import { toFeelString } from "./format.js";
import { coerceArgument, scalarConforms } from "./types.js";
import { FeelContext, type FeelValue } from "./values.js";

/** A constraint's test over the value under test: true, false or null (three-valued, as a cell). */
export type ConstraintTest = (v: FeelValue) => boolean | null;

/** Characters of a value written in a message. */
const SHOWN = 120;

const shown = (v: FeelValue): string => {
  const text = typeof v === "string" ? JSON.stringify(v) : toFeelString(v);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};

export class DeclaredResultError extends Error {
  /** the code of the error in every report: service problems, CLI messages, batch error records */
  readonly code = "decision.outside-type";
  /** the decision's model address: `decisions.<name>` */
  readonly address: string;
  constructor(
    readonly decision: string,
    /** the declared type as the model writes it: `number >= 0` */
    readonly declaredType: string,
    /** what is wrong: `it is -7`, `item 2: -7 is not number >= 0` */
    readonly reason: string,
  ) {
    super(`decision \`${decision}\` is outside its declared type ${declaredType} for this state: ${reason}`);
    this.name = "DeclaredResultError";
    this.address = `decisions.${decision}`;
  }
}

type Constrained = Type & { constraint: Constraint };

const constrained = (t: Type): t is Constrained => "constraint" in t && t.constraint !== undefined;

/** Every part of `t` with a constraint, each once, depth first: the order of a decision's constraint tests. */
export function constrainedParts(t: Type, seen = new Set<Type>()): Constrained[] {
  if (seen.has(t)) return [];
  seen.add(t);
  const own = constrained(t) ? [t] : [];
  if (t.kind === "list") return [...own, ...constrainedParts(t.element, seen)];
  if (t.kind === "struct") return [...own, ...t.fields.flatMap(([, field]) => constrainedParts(field, seen))];
  return own;
}

const TESTS = new WeakMap<Type, Map<Type, ConstraintTest>>();

function testsOf(t: Type, tests: readonly ConstraintTest[]): Map<Type, ConstraintTest> {
  let known = TESTS.get(t);
  if (!known) TESTS.set(t, (known = new Map(constrainedParts(t).map((part, i) => [part, tests[i]!]))));
  return known;
}

/** The first constraint `v` breaks within type `t`, as a reason; null when none. */
function broken(v: FeelValue, t: Type, tests: Map<Type, ConstraintTest>, where: string): string | null {
  if (v === null || v === undefined) return null;
  const test = tests.get(t);
  if (test && constrained(t) && test(v) !== true)
    return where === "" ? `it is ${shown(v)}` : `${where}${shown(v)} is not ${t.kind} ${t.constraint.text}`;
  if (t.kind === "list" && Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const why = broken(v[i]!, t.element, tests, `${where}item ${i + 1}: `);
      if (why !== null) return why;
    }
  }
  if (t.kind === "struct" && v instanceof FeelContext) {
    for (const [name, field] of t.fields) {
      const why = broken(v.get(name), field, tests, `${where}${name}: `);
      if (why !== null) return why;
    }
  }
  return null;
}

/**
 * A decision's value held to its declared type `t` (written `text`): converted as DMN converts a
 * result (a one-item list stands for its item), then each constraint tested by `tests`, one per
 * part of `constrainedParts(t)`. Null stays null; anything outside throws DeclaredResultError.
 */
export function declared(v: FeelValue, t: Type, decision: string, text: string, tests: readonly ConstraintTest[]): FeelValue {
  if (v === null || v === undefined) return null;
  // a number, boolean, string or choice of its declared kind is kept as it is, with no conversion record
  const value = scalarConforms(v, t) ? v : conversion(v, t, decision, text);
  if (tests.length === 0) return value;
  const why = broken(value, t, testsOf(t, tests), "");
  if (why !== null) throw new DeclaredResultError(decision, text, why);
  return value;
}

function conversion(v: FeelValue, t: Type, decision: string, text: string): FeelValue {
  const c = coerceArgument(v, t);
  if (!c.ok) throw new DeclaredResultError(decision, text, `it is ${shown(v)}`);
  return c.value;
}
