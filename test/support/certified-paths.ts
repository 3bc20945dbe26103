// A compiled model's answers on every path — `evaluate` without a trace, with one, and as FEEL
// values — checked against the unoptimised model's, for the certified-number tests.
import fc from "fast-check";
import { expect } from "vitest";
import { compileToSource, compileUncached, type ModelInput } from "../../src/compiler/index.js";
import * as runtime from "../../src/runtime/generated-api.js";
import { spentSoFar, withBudget } from "../../src/runtime/budget.js";
import type { GeneratedModule } from "../../src/runtime/entry.js";
import { expand } from "../../src/compiler/3-optimise/certify.js";
import { ddBlocking } from "../../src/compiler/3-optimise/certify-output.js";

/** FEEL values as `evaluate` gives them in JSON. */
export const toJson = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, runtime.toJson(v as never)]));

/** What a call answers, or the code of what it throws (a decision outside its declared type). */
function outcome(f: () => unknown): unknown {
  try {
    return { answer: f() };
  } catch (e) {
    return { thrown: (e as { code?: string }).code ?? String(e) };
  }
}

/**
 * `json` (the optimised module's `evaluate` path without a trace), the module with a trace and as
 * FEEL values each answer what the unoptimised model answers on state s.
 */
export function expectEveryPath(
  fast: GeneratedModule,
  slow: { evaluate(s: Record<string, unknown>): unknown },
  json: () => unknown,
  s: Record<string, unknown>,
  where: string,
): void {
  const want = outcome(() => slow.evaluate(s));
  expect(outcome(json), where).toEqual(want);
  // a trace and FEEL values take the decimals
  expect(
    outcome(() => fast.run(null, s, {}, true)),
    where,
  ).toEqual(want);
  expect(
    outcome(() => toJson(fast.run(null, s, null, false))),
    where,
  ).toEqual(want);
}

/** A model compiled optimised and not, its optimised module loaded with some double-double steps counted. */
export interface CountedModel {
  /** calls of the counted steps in the double-doubles' code */
  steps: number;
  /** the JSON outputs of `evaluate` (no trace), with how many counted steps came out decided (a bound that is a number) */
  json(s: Record<string, unknown>): { out: unknown; decided: number };
  slow: { evaluate(s: Record<string, unknown>): unknown };
  fast: GeneratedModule;
  /** the optimised module's code */
  source: string;
}

/**
 * `decisions` over inputs `inputs` (numbers, but those `typed`) and model `functions`, compiled both
 * ways, the runtime's steps named in `counted` counted; undefined when it does not compile.
 */
export function compileCounting(
  name: string,
  inputs: readonly string[],
  decisions: Record<string, unknown>,
  counted: readonly string[],
  typed: Record<string, unknown> = {},
  { strict = true, functions }: { strict?: boolean; functions?: Record<string, unknown> } = {},
): CountedModel | undefined {
  const model = {
    name,
    inputs: Object.fromEntries(inputs.map((n) => [n, { type: typed[n] ?? "number", desc: n }])),
    ...(functions && { functions }),
    decisions,
  } as unknown as ModelInput;
  const fast = compileUncached(model, { optimise: true, strict });
  const slow = compileUncached(model, { optimise: false, strict });
  if (!fast.ok || !slow.ok) return undefined;
  let decided = 0;
  const steps = runtime as unknown as Record<string, (...a: unknown[]) => unknown>;
  const rt = {
    ...runtime,
    ...Object.fromEntries(
      counted.map((f) => [
        f,
        (...a: unknown[]) => {
          const r = steps[f]!(...a);
          if (runtime.ddState[1] === runtime.ddState[1]) decided++;
          return r;
        },
      ]),
    ),
  };
  const module = new Function("rt", fast.model.source)(rt) as GeneratedModule;
  const code = fast.model.source.split("function explain(")[0]!;
  return {
    steps: counted.reduce((n, f) => n + code.split(`rt.${f}(`).length - 1, 0),
    json(s) {
      decided = 0;
      const out = module.run(null, s, null, true);
      return { out, decided };
    },
    slow: slow.model,
    fast: module,
    source: fast.model.source,
  };
}

/**
 * `expectEveryPath` of model m (compiled from `decisions`) on each state; the count of compiled
 * models with counted steps, of states checked and of counted steps decided are added to `tally`.
 */
export function expectEveryState(
  m: CountedModel | undefined,
  decisions: Record<string, unknown>,
  states: readonly Record<string, unknown>[],
  tally: { compiled: number; checked: number; decided: number },
): void {
  if (!m) return;
  if (m.steps > 0) tally.compiled++;
  for (const s of states) {
    let n = 0;
    const json = () => {
      const r = m.json(s);
      n = r.decided;
      return r.out;
    };
    expectEveryPath(m.fast, m.slow, json, s, `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`);
    tally.decided += n;
    tally.checked++;
  }
}

/** Numbers with ties on the edges of roundings to 2 places after a quotient by 4 or 7, huge, tiny; nulls and strings now and then. */
const listNumber = fc.oneof(
  { arbitrary: fc.integer({ min: -10, max: 10 }), weight: 3 },
  { arbitrary: fc.constantFrom(0.02, 0.04, 0.01, 0.035, 0.07, 0.105, 1.005, 2.5, 0.1, 0.2, 0.3), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(1e-20, 1e300, -1e300, 2 ** 53 + 2, 1e22, null, "x"), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);
/** A list's item `{p, q}` of such numbers; now and then null, empty or without `q`. */
const listItem = fc.oneof(
  { arbitrary: fc.record({ p: listNumber, q: listNumber }), weight: 8 },
  { arbitrary: fc.constantFrom<unknown>(null, {}, { p: 1 }), weight: 1 },
);

/** The inputs of the list suites: a number, a range's end, a list of numbers, a list of structs `{p, q}`. */
export const LIST_INPUTS = ["a", "b", "xs", "items"];
/** Their declared list types. */
export const LIST_TYPES = { xs: ["number"], items: [{ p: "number", q: "number" }] };

/** Arithmetic with quotients over `names`. */
export const quotientArithmetic = (names: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.constantFrom(...names, ...names, "7", "0.5", "3", "-2.5", "0"), weight: 6 },
      { arbitrary: fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 3 },
    ),
  })).e;

/**
 * Arithmetic with quotients over `names` (the four operators weighted 5 against a leaf's 6), with
 * squares and `if`s over it when asked (weighted 1 each): the terms the certified suites draw.
 */
export const quotientTerms = (names: string[], { powers = false, ifs = false } = {}): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.constantFrom(...names, ...names, "7", "0.5", "3", "-2.5", "0"), weight: 6 },
      { arbitrary: fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 5 },
      ...(powers ? [{ arbitrary: tie("e").map((x) => `(${x}) ** 2`), weight: 1 }] : []),
      ...(ifs
        ? [{ arbitrary: fc.tuple(tie("e"), tie("e"), tie("e")).map(([x, y, z]) => `if ${x} > ${y} then ${z} else ${x}`), weight: 1 }]
        : []),
    ),
  })).e;

/** sum, min or max over a range, a list of numbers, a list of structs, a named list or a path. */
export const loopAggregate: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("sum", "min", "max"),
    fc.oneof(
      fc
        .tuple(fc.constantFrom("1..3", "0..b", "b..1", "2..2"), quotientArithmetic(["a", "i"]))
        .map(([r, x]) => `for i in ${r} return ${x}`),
      quotientArithmetic(["a", "x"]).map((x) => `for x in xs return ${x}`),
      quotientArithmetic(["a", "v.p", "v.q"]).map((x) => `for v in items return ${x}`),
      fc.constantFrom("xs", "items.p", "for x in xs return x / 3"),
    ),
  )
  .map(([fn, list]) => `${fn}(${list})`);

/** Items a hair apart or equal: which one is kept decides nothing the bound does not cover. */
export const hairApart = fc
  .tuple(fc.constantFrom(0.1, 1.005, 3e8, -2.5), fc.integer({ min: -2, max: 2 }))
  .map(([x, k]) => [x, x + k * Number.EPSILON * Math.abs(x), x]);

/**
 * A state of the list suites' inputs: `xs` now and then the lists `special` makes (items on and
 * about each other, terms that cancel to a tie).
 */
export const listState = (special: fc.Arbitrary<unknown>) =>
  fc.record({
    a: listNumber,
    // a range's end: small whole numbers, or a tie, null, a string (the decimals' range would be too long to walk at 1e300)
    b: fc.oneof(fc.integer({ min: -3, max: 6 }), fc.constantFrom<unknown>(2.5, null, "x")),
    xs: fc.oneof(
      { arbitrary: fc.array(listNumber, { maxLength: 6 }), weight: 8 },
      { arbitrary: fc.constantFrom<unknown>(null, [], 3), weight: 1 },
      { arbitrary: special, weight: 3 },
    ),
    items: fc.oneof(
      { arbitrary: fc.array(listItem, { maxLength: 6 }), weight: 8 },
      { arbitrary: fc.constantFrom<unknown>(null, []), weight: 1 },
    ),
  });

/**
 * The list suites' edge states: `a` zero, small, huge, null or a string; `xs` empty, whole, with a
 * null, or null; a range's end `b` zero, positive, negative or null; `items` made from `xs` by `item`
 * (by default the second one without its `q`).
 */
export function listEdgeStates(
  item: (p: unknown, i: number) => unknown = (p, i) => (i === 1 ? { p } : { p, q: 1 }),
): Record<string, unknown>[] {
  const states: Record<string, unknown>[] = [];
  for (const a of [0, 0.1, 2, -3, 1e300, null, "x"])
    for (const xs of [[], [1, 2, 3], [0.5, null], null])
      for (const b of [0, 2, -1, null]) states.push({ a, b, xs, items: (xs ?? []).map(item) });
  return states;
}

/**
 * On random pairs of decisions, `first` and a `second` that may read it (and `alone`, `first` again,
 * which no decision reads), each of 8 random states answers on every path as the unoptimised model
 * does; and the counted steps decide, not only decline: more than 100 models compiled with them,
 * and more than one state in 8 decided by them.
 */
export function expectRandomPairs(
  compile: (decisions: Record<string, unknown>) => CountedModel | undefined,
  decision: (names: string[]) => fc.Arbitrary<string>,
  inputs: string[],
  state: fc.Arbitrary<Record<string, unknown>>,
): void {
  // (a decision other decisions read holds no loop the double-doubles walk: `second` reads `first`, none reads it)
  const tally = { compiled: 0, checked: 0, decided: 0 };
  fc.assert(
    fc.property(
      decision(inputs),
      decision([...inputs, "first"]),
      fc.array(state, { minLength: 8, maxLength: 8 }),
      (first, second, states) => {
        const decisions = { first, second, alone: first };
        expectEveryState(compile(decisions), decisions, states, tally);
      },
    ),
    { numRuns: 200 },
  );
  expect(tally.compiled).toBeGreaterThan(100);
  expect(tally.decided).toBeGreaterThan(tally.checked / 8);
}

/**
 * States where FEEL's `a / b * b` lands a hair either side of `a`: a whole number plus each of
 * `parts`, of either sign, with each of `divisors` as b.
 */
export function quotientEdges(parts: readonly number[], divisors: readonly number[]): Record<string, number>[] {
  const states: Record<string, number>[] = [];
  for (const whole of [-7, -1, 0, 1, 2, 3, 10, 123456789]) {
    for (const part of parts)
      for (const b of divisors) for (const sign of [1, -1]) states.push({ a: sign * (Math.abs(whole) + part), b, c: 0 });
  }
  return states;
}

/** `quotientEdges` of halves, tenths and eighths by primes, negative, fractional and zero divisors: the edges of a condition on `a / b * b`. */
export const ifEdges = () => quotientEdges([0, 0.5, 0.05, 0.25, 0.125], [3, 7, 9, 11, 13, 17, 19, 23, 29, 31, -3, -7, 0.3, 0.7, 1e-5, 0]);

/** Model m answers on each state what the unoptimised model does through `evaluate`: the counted steps decided. */
export function expectAnswers(m: CountedModel, states: readonly Record<string, unknown>[]): number {
  let decided = 0;
  for (const s of states) {
    const r = m.json(s);
    expect(r.out, JSON.stringify(s)).toEqual(m.slow.evaluate(s));
    decided += r.decided;
  }
  return decided;
}

/**
 * Random chains of two decisions (`first` over `inputs`, `second` reading it too, and `compared`
 * of the two) beside the decisions `named`, each model on 8 random states, 200 runs
 * (`expectEveryState`); `refused` hears the decisions of a model that does not compile. The tally.
 */
export function expectRandomChains(
  decision: (names: string[]) => fc.Arbitrary<string>,
  state: fc.Arbitrary<Record<string, unknown>>,
  inputs: readonly string[],
  compile: (decisions: Record<string, unknown>) => CountedModel | undefined,
  named: Record<string, string> = {},
  refused: (decisions: Record<string, unknown>) => void = () => {},
): { compiled: number; checked: number; decided: number } {
  const tally = { compiled: 0, checked: 0, decided: 0 };
  fc.assert(
    fc.property(
      decision([...inputs]),
      decision([...inputs, "first"]),
      fc.array(state, { minLength: 8, maxLength: 8 }),
      (first, second, states) => {
        const decisions = { ...named, first, second, compared: "if first >= second then 1 else 0" };
        const m = compile(decisions);
        if (!m) refused(decisions);
        expectEveryState(m, decisions, states, tally);
      },
    ),
    { numRuns: 200 },
  );
  return tally;
}

/** Values on and near each other, whole numbers and halves, large and tiny, negative; nulls and strings now and then. */
const nearValue = fc.oneof(
  {
    arbitrary: fc.tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: 0, max: 2 })).map(([m, k]) => (m + 0.5) / 10 ** k),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: -10, max: 10 }), weight: 4 },
  {
    arbitrary: fc.constantFrom<unknown>(0, 1, -1, 3, 7, 2 ** 52, 2 ** 53 + 2, 1e15 + 0.5, 1e-20, -1e-20, 1e300, null, "x"),
    weight: 2,
  },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);

/** A state of `inputs`, each one such a value. */
export const nearState = (inputs: readonly string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(Object.fromEntries(inputs.map((n) => [n, nearValue])));

/** The budget steps a call spends (unbounded), or what it throws. */
export function spent(f: () => unknown): number | string {
  try {
    return withBudget({ steps: 1e9 }, () => {
      f();
      return spentSoFar().steps;
    });
  } catch (e) {
    return String((e as { code?: string }).code ?? e);
  }
}

/** Whether a call meets a budget of `steps`. */
export function meets(f: () => unknown, steps: number): boolean {
  try {
    withBudget({ steps }, f);
    return true;
  } catch (e) {
    if ((e as { name?: string }).name === "BudgetExceeded") return false;
    throw e;
  }
}

/** `evaluate`'s path spends no more steps than the decimals' path on s, and meets every budget that path meets. */
export function expectNoMoreSteps(m: CountedModel, s: Record<string, unknown>, where: string): void {
  const [json, exact] = [() => m.json(s), () => m.fast.run(null, s, {}, true)];
  const [a, b] = [spent(json), spent(exact)];
  if (typeof a === "string" || typeof b === "string") return void expect(a, where).toEqual(b);
  expect(a, where).toBeLessThanOrEqual(b);
  for (const k of [b, b - 1, Math.ceil(b / 2), 2]) if (k > 0 && meets(exact, k)) expect(meets(json, k), `${where} within ${k}`).toBe(true);
}

/**
 * On random pairs of decisions, `first` and a `second` beside `read` (`first / 3 + a`), each of 8
 * random states answers on every path as the unoptimised model does (`expectEveryState`) and
 * spends no more budget steps (`expectNoMoreSteps`); `numRuns` runs. The tally.
 */
export function expectPairsAndSteps<D>(
  decision: fc.Arbitrary<D>,
  state: fc.Arbitrary<Record<string, unknown>>,
  compile: (decisions: Record<string, unknown>) => CountedModel | undefined,
  numRuns: number,
): { compiled: number; checked: number; decided: number } {
  const tally = { compiled: 0, checked: 0, decided: 0 };
  fc.assert(
    fc.property(decision, decision, fc.array(state, { minLength: 8, maxLength: 8 }), (first, second, states) => {
      const decisions = { first, second, read: "first / 3 + a" };
      const m = compile(decisions);
      expectEveryState(m, decisions, states, tally);
      if (m) for (const s of states) expectNoMoreSteps(m, s, `${JSON.stringify(decisions)} on ${JSON.stringify(s)}`);
    }),
    { numRuns },
  );
  return tally;
}

/** Whether decision `x` of `decisions` over number inputs `names` (or of `types`) is marked with its lets in place of their names. */
export function letsInPlace(names: readonly string[], decisions: Record<string, unknown>, types: Record<string, unknown> = {}): boolean {
  const inputs = Object.fromEntries(names.map((n) => [n, { type: types[n] ?? "number", desc: n }]));
  const r = compileToSource({ name: "lets in place", inputs, decisions } as never, { optimise: true });
  return r.ok && r.ir.decisions.find((d) => d.name === "x")?.certifiedOutput?.lets === true;
}

/** Arithmetic over `names` and a few literals without a quotient (+, − and × only). */
export const plainArithmetic = (names: readonly string[]): fc.Arbitrary<string> =>
  fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.constantFrom(...names, "2", "0.5", "-3", "0"), weight: 6 },
      { arbitrary: fc.tuple(tie("e"), fc.constantFrom("+", "-", "*"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`), weight: 3 },
    ),
  })).e;

/** Every item of the list of structs `items` a plain object (the raw array is read), or no array at all. */
const plainItems = (s: Record<string, unknown>) =>
  !Array.isArray(s.items) || s.items.every((o) => typeof o === "object" && o !== null && !Array.isArray(o));

/** The list suites' inputs as a model declares them. */
const listModelInputs = () =>
  Object.fromEntries(LIST_INPUTS.map((n) => [n, { type: LIST_TYPES[n as keyof typeof LIST_TYPES] ?? "number", desc: n }]));

/**
 * Decision `first` compiled alone over the list suites' inputs: the kinds of the steps of its lets'
 * and its value's forms (contexts and inlined calls put in place, optimise/certify.ts `expand`)
 * that the certified double-doubles do not hold (optimise/certify-output.ts `ddBlocking`).
 */
export function ddBlockersOf(first: unknown): string[] {
  const r = compileToSource({ name: "double-doubles' blockers", inputs: listModelInputs(), decisions: { first } } as never, {
    optimise: true,
  });
  if (!r.ok) throw new Error(JSON.stringify(first));
  const d = r.ir.decisions[0]!;
  return [...d.lets.map((l) => l.body), d.body].flatMap((b) =>
    b.kind === "expr" ? ddBlocking(expand(b.expr, true) ?? b.expr).map((n) => n.kind) : [b.kind],
  );
}

/** A model whose evaluation says whether the certified code decided and how many lists it converted. */
export interface Watched {
  run(s: Record<string, unknown>): { decided: boolean; converted: number };
}

/**
 * Decision `first` compiled alone over the list suites' inputs, its module loaded with the lists'
 * conversions counted and the runtime's `answers` watched: a call of one decided when its test
 * holds of what it returned. An empty list is not counted: it is converted as it is read (no raw
 * array is kept for it, it converts at no cost).
 */
export function watchedModel(first: unknown, answers: Record<string, (x: unknown) => boolean>): Watched {
  const model = {
    name: "raw items watched",
    inputs: listModelInputs(),
    decisions: { first },
  } as unknown as ModelInput;
  const fast = compileUncached(model, { optimise: true });
  if (!fast.ok) throw new Error(JSON.stringify(fast));
  let [decided, converted] = [false, 0];
  const steps = runtime as unknown as Record<string, (...a: unknown[]) => unknown>;
  const counting =
    (f: (...a: unknown[]) => unknown) =>
    (...a: unknown[]): unknown => {
      if (Array.isArray(a[0]) && a[0].length > 0) converted++;
      return f(...a);
    };
  const watching = Object.entries(answers).map(([name, test]) => [
    name,
    (...a: unknown[]) => {
      const x = steps[name]!(...a);
      decided ||= test(x);
      return x;
    },
  ]);
  const rt = {
    ...runtime,
    fromJsonPlain: counting(steps.fromJsonPlain!),
    fromJson: counting(steps.fromJson!),
    ...Object.fromEntries(watching),
  };
  const module = new Function("rt", fast.model.source)(rt) as GeneratedModule;
  return {
    run(s) {
      [decided, converted] = [false, 0];
      module.run(null, s, null, true);
      return { decided, converted };
    },
  };
}

/**
 * On random decisions, each compiled alone by `watched`, 8 random states each: where the certified
 * code decided and the list of structs holds plain objects, no list was converted. The count of
 * such states is returned, for the caller to check the property was not vacuous.
 */
export function expectNoListConverted<D>(
  decision: fc.Arbitrary<D>,
  state: fc.Arbitrary<Record<string, unknown>>,
  watched: (d: D) => Watched,
  numRuns: number,
): number {
  let decided = 0;
  fc.assert(
    fc.property(decision, fc.array(state, { minLength: 8, maxLength: 8 }), (first, states) => {
      const m = watched(first);
      for (const s of states) {
        const r = m.run(s);
        if (!r.decided || !plainItems(s)) continue;
        decided++;
        expect(r.converted, `${JSON.stringify(first)} on ${JSON.stringify(s)}`).toBe(0);
      }
    }),
    { numRuns },
  );
  return decided;
}
