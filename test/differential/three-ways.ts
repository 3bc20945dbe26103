// FEEL expressions evaluated three ways: compiled with the optimiser, compiled at -O0, and by the
// reference interpreter. A batch of expressions becomes one model (a decision each, reading the
// generator's inputs) run on several states; a batch that does not compile is compiled one
// expression at a time to name the culprit.
import { compileUncached } from "../../src/compiler/index.js";
import type { FeelValue } from "../../src/runtime/values.js";
import { parseExpression } from "../../src/compiler/1-parse/feel/index.js";
import { INPUTS, type Kind } from "../support/generate/expressions.js";
import { evaluate, Scope } from "../support/reference/interpret.js";
import { same } from "../support/reference/same.js";
import { formatValue } from "../support/reference/show.js";
import { parseDate } from "../support/reference/temporal.js";
import { Num, type RValue } from "../support/reference/values.js";
import { fromEngine } from "./from-engine.js";

export type State = Record<string, unknown>;

/** a disagreement, or a failure to compile or run, with what each side gave */
export interface Disagreement {
  text: string;
  state?: State;
  why: string;
}

const inputs = Object.fromEntries(Object.entries(INPUTS).map(([name, { type }]) => [name, { type, desc: `What is ${name}?` }]));
const decisionName = (i: number) => `r${i}`;
const modelOf = (texts: string[]) => ({
  content: { name: "differential", inputs, decisions: Object.fromEntries(texts.map((t, i) => [decisionName(i), t])) },
});

/** the state's JSON read as the reference's values, by the inputs' declared kinds */
const READ: Partial<Record<Kind, (json: unknown) => RValue>> = {
  number: (j) => new Num(String(j)),
  date: (j) => parseDate(j as string),
  numbers: (j) => (j as number[]).map((x) => new Num(String(x))),
};
export const referenceScope = (state: State): Scope =>
  Scope.of(
    Object.fromEntries(
      Object.entries(INPUTS).map(([name, { kind }]) => [
        name,
        state[name] == null ? null : (READ[kind] ?? ((j) => j as RValue))(state[name]),
      ]),
    ),
  );

export function reference(text: string, state: State): RValue {
  const parsed = parseExpression(text, { names: Object.keys(INPUTS) });
  if (!parsed.value) throw new Error(`the generator wrote text that does not parse: ${text}`);
  return evaluate(parsed.value, referenceScope(state));
}

const LABELS = ["optimised", "-O0"] as const;

/**
 * The strict check refuses a call of a built-in whose constant arguments make it null for every
 * state (`types.constant-null`, as `log(0)`): rightly, but such a text still has FEEL's value, so
 * it is compiled as an imported (lenient) model is, which keeps the null, and compared as any other.
 */
function compileEither(texts: string[], optimise: boolean): ReturnType<typeof compileUncached> {
  const strict = compileUncached(modelOf(texts), { optimise });
  if (strict.ok) return strict;
  const errors = strict.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error");
  return errors.every((d) => d.code === "types.constant-null") ? compileUncached(modelOf(texts), { optimise, strict: false }) : strict;
}

function compileBoth(texts: string[]): { evaluate: (state: State) => Record<string, FeelValue> }[] | string {
  const out = [];
  for (const [i, optimise] of [true, false].entries()) {
    const compiled = compileEither(texts, optimise);
    if (!compiled.ok) {
      const errors = compiled.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error");
      return `does not compile (${LABELS[i]}): ${errors.map((d) => `${d.code}: ${d.message}`).join("; ")}`;
    }
    out.push({ evaluate: (state: State) => compiled.model.evaluateToValues(state) });
  }
  return out;
}

/** every expression on every state, three ways; the disagreements */
export function threeWays(texts: string[], states: State[]): Disagreement[] {
  const engines = compileBoth(texts);
  if (typeof engines === "string") {
    if (texts.length === 1) return [{ text: texts[0]!, why: engines }];
    return texts.flatMap((t) => threeWays([t], states));
  }
  const found: Disagreement[] = [];
  for (const state of states) {
    const results: (Record<string, FeelValue> | string)[] = engines.map((e, i) => {
      try {
        return e.evaluate(state);
      } catch (error) {
        return `throws (${LABELS[i]}): ${(error as Error).stack ?? String(error)}`;
      }
    });
    texts.forEach((text, i) => {
      const expected = reference(text, state);
      for (const [j, r] of results.entries()) {
        if (typeof r === "string") {
          found.push({ text, state, why: r });
          return;
        }
        const got = fromEngine(r[decisionName(i)] ?? null);
        if (!same(got, expected)) {
          found.push({ text, state, why: `${LABELS[j]} gives ${formatValue(got)}, the reference ${formatValue(expected)}` });
          return;
        }
      }
    });
  }
  return found;
}
