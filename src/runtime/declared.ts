// A strict model's declared results. A decision's declared type (its `type`, its table's output
// heading, or the range of the question it answers) is a promise about every value it gives: a
// value outside it is an error naming the decision and what it was declared, never a value passed
// on. Generated code calls `declared` once a decision is computed; the service, `pdm run`, the
// generated packages and `pdm score` each report the DeclaredResultError it throws.
import type { Constraint, Type } from "../ir/types.js";
import { toFeelString } from "./format.js";
import { coerceArgument, conformer, scalarConforms } from "./types.js";
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

/** Where a value first breaks a constraint: the part's value and type, and the path to it, innermost first. */
interface Break {
  v: FeelValue;
  t: Constrained;
  path: string[];
}

/** The first constraint a value of a type breaks, given the tests of `constrainedParts` of the declared type. */
type Breaker = (v: FeelValue, tests: readonly ConstraintTest[]) => Break | null;

const BREAKERS = new WeakMap<Type, Breaker>();

/**
 * The walk that finds the first constraint a value breaks, made once per declared type: each part
 * knows its test's place among `tests` and its fields' slots, and the path to a part is written
 * only once a part breaks. Tests are called in the order and number a walk of the value part by
 * part would call them (depth first, a part before its items or fields), so whatever a test charges
 * to the budget is charged once; parts with no constraint at or below them are not walked.
 */
function breaker(t: Type): Breaker {
  let b = BREAKERS.get(t);
  if (b === undefined) {
    const index = new Map<Type, number>(constrainedParts(t).map((part, i) => [part, i]));
    BREAKERS.set(t, (b = partBreaker(t, index, new Map())));
  }
  return b;
}

const NONE: Breaker = () => null;

/** A part's breaker, made once per declared type; NONE for a part with no constraint at or below it. */
function partBreaker(t: Type, index: Map<Type, number>, made: Map<Type, Breaker>): Breaker {
  let b = made.get(t);
  if (b === undefined) {
    if (constrainedParts(t).length === 0) return NONE;
    // stands in while the parts are made, for a type that holds itself
    made.set(t, (v, tests) => b!(v, tests));
    made.set(t, (b = makeBreaker(t, index, made)));
  }
  return b;
}

function makeBreaker(t: Type, index: Map<Type, number>, made: Map<Type, Breaker>): Breaker {
  const at = index.get(t);
  const own: Breaker = at === undefined ? NONE : (v, tests) => (tests[at]!(v) !== true ? { v, t: t as Constrained, path: [] } : null);
  if (t.kind === "list") {
    const item = partBreaker(t.element, index, made);
    return (v, tests) => {
      if (v === null || v === undefined) return null;
      const b = own(v, tests);
      if (b !== null || !Array.isArray(v) || item === NONE) return b;
      for (let i = 0; i < v.length; i++) {
        const b = item(v[i]!, tests);
        if (b !== null) return (b.path.push(`item ${i + 1}: `), b);
      }
      return null;
    };
  }
  if (t.kind === "struct") {
    const names = t.fields.map(([name]) => name);
    const fields = t.fields.map(([, field]) => partBreaker(field, index, made));
    return (v, tests) => {
      if (v === null || v === undefined) return null;
      const b = own(v, tests);
      if (b !== null || !(v instanceof FeelContext)) return b;
      for (let i = 0; i < names.length; i++) {
        if (fields[i] === NONE) continue;
        const b = fields[i]!(v.at(i, names[i]!), tests);
        if (b !== null) return (b.path.push(`${names[i]}: `), b);
      }
      return null;
    };
  }
  return (v, tests) => (v === null || v === undefined ? null : own(v, tests));
}

/** A break as a reason: the whole value when it is the declared type's own constraint it breaks. */
function reason(b: Break): string {
  if (b.path.length === 0) return `it is ${shown(b.v)}`;
  return `${b.path.reverse().join("")}${shown(b.v)} is not ${b.t.kind} ${b.t.constraint.text}`;
}

/** Kinds whose conformance is checked by a conversion made once per type (runtime/types.ts `conformer`). */
const COMPOUND = new Set<Type["kind"]>(["list", "struct"]);

/**
 * A decision's value held to its declared type `t` (written `text`): converted as DMN converts a
 * result (a one-item list stands for its item), then each constraint tested by `tests`, one per
 * part of `constrainedParts(t)`. Null stays null; anything outside throws DeclaredResultError.
 */
export function declared(v: FeelValue, t: Type, decision: string, text: string, tests: readonly ConstraintTest[]): FeelValue {
  if (v === null || v === undefined) return null;
  // a value of its declared type is kept as it is, with no conversion record: a number, boolean,
  // string or choice by its kind, a list or struct by its type's conformer (the conversion's own
  // first question, answered the same way, charging nothing)
  const kept = scalarConforms(v, t) || (COMPOUND.has(t.kind) && conformer(t)(v));
  const value = kept ? v : conversion(v, t, decision, text);
  if (tests.length === 0) return value;
  const broken = breaker(t)(value, tests);
  if (broken !== null) throw new DeclaredResultError(decision, text, reason(broken));
  return value;
}

function conversion(v: FeelValue, t: Type, decision: string, text: string): FeelValue {
  const c = coerceArgument(v, t);
  if (!c.ok) throw new DeclaredResultError(decision, text, `it is ${shown(v)}`);
  return c.value;
}
