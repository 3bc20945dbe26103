// The entry points of a compiled model, shared by in-process loading and standalone modules:
// JSON in and out around the generated `run`.
import type { Explanation } from "../ir/explanation.js";
import { limitAt, limitPlacedBy } from "./budget.js";
import { explainRecorder, explainProblem, explanation, type ExplainRecorder } from "./explain.js";
import { setOwn, toJson, writtenRecord } from "./json.js";
import { withProblemSink } from "./problems.js";
import type { FeelFunction, FeelValue } from "./values.js";

/** What the generated module body returns. */
export interface GeneratedModule {
  /** I: FEEL values by input name, or S: the raw JSON state (exactly one is non-null); TR: trace sink */
  run(
    I: Record<string, FeelValue> | null,
    S: Record<string, unknown> | null,
    TR: Record<string, RawTrace> | null,
    J?: boolean,
  ): Record<string, FeelValue>;
  /** the decisions again, told to the recorder X as they are evaluated (codegen/explain.ts) */
  explain(S: Record<string, unknown>, X: ExplainRecorder): Record<string, FeelValue>;
  functions: Record<string, FeelFunction>;
}

interface RawTrace {
  rule?: number | number[];
  lets: Record<string, FeelValue>;
}

/**
 * A decision's trace record; `lets` inherits nothing, so a let named "__proto__" is kept like any
 * other (a writtenRecord: made for every decision of every traced call, with fast properties).
 */
export const traceEntry = (): RawTrace => ({ lets: writtenRecord<FeelValue>() });

export interface JsonOptions {
  exactDecimals?: boolean;
}

const jsonConverter = (options: JsonOptions) =>
  options.exactDecimals ? (v: FeelValue) => toJson(v, options) : (v: FeelValue) => toJson(v);

const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U): Record<string, U> => {
  const out: Record<string, U> = {};
  // "__proto__" is a decision name like any other: an own property, never the prototype
  for (const k of Object.keys(o)) setOwn(out, k, f(o[k]!));
  return out;
};

/**
 * `run` with a trace: a limit that stops it is placed at the decision being evaluated, the last
 * the trace was given (the generated code adds each decision's entry as it starts it).
 */
function ranTraced(m: GeneratedModule, state: Record<string, unknown>, raw: Record<string, RawTrace>): Record<string, FeelValue> {
  try {
    return m.run(null, state, raw);
  } catch (e) {
    const names = Object.keys(raw);
    throw limitAt(e, names.length > 0 ? `decisions.${names[names.length - 1]!}` : "");
  }
}

/**
 * The decision (or let entry) a limit stopped the untraced `run` at, found as an explanation finds
 * it, by running it again with its recorder (budget.ts limitPlacedBy); the FEEL problems of that
 * run are dropped (the evaluation has failed: none is answered).
 */
const placed = (e: unknown, m: GeneratedModule, state: Record<string, unknown>): unknown =>
  limitPlacedBy(e, () => {
    const X = explainRecorder();
    withProblemSink(
      () => {},
      () => {
        try {
          m.explain(state, X);
        } catch (again) {
          throw limitAt(again, X.at);
        }
      },
    );
  });

export function entryPoints(m: GeneratedModule) {
  return {
    // No default `{}` for options: the common call passes none and should allocate nothing.
    evaluate(state: Record<string, unknown>, options?: JsonOptions): Record<string, unknown> {
      try {
        if (options === undefined || !options.exactDecimals) return m.run(null, state, null, true);
        return mapValues(m.run(null, state, null), jsonConverter(options));
      } catch (e) {
        throw placed(e, m, state);
      }
    },
    evaluateTraced(state: Record<string, unknown>, options: JsonOptions = {}) {
      // nothing inherited: the generated code assigns TR[name] for every decision, "__proto__" included
      const raw = writtenRecord<RawTrace>();
      const json = jsonConverter(options);
      const decisions = mapValues(ranTraced(m, state, raw), json);
      const trace = mapValues(raw, (t) => {
        const entry: { rule?: number | number[]; lets?: Record<string, unknown> } = {};
        if (t.rule !== undefined) entry.rule = t.rule;
        if (Object.keys(t.lets).length > 0) entry.lets = mapValues(t.lets, json);
        return entry;
      });
      return { decisions, trace };
    },
    /** Like `evaluate`, with what each decision did: rules tried, steps, why a value is null (docs/explanations.md). */
    explain(state: Record<string, unknown>, options: JsonOptions = {}): { decisions: Record<string, unknown>; explanation: Explanation } {
      const X = explainRecorder();
      const values = withProblemSink(
        (message) => explainProblem(X, message),
        () => {
          try {
            return m.explain(state, X);
          } catch (e) {
            throw limitAt(e, X.at);
          }
        },
      );
      const json = jsonConverter(options);
      return { decisions: mapValues(values, json), explanation: explanation(X, json) };
    },
    /** A JSON state in, FEEL values out: for callers that write the values themselves (batch scoring). */
    evaluateToValues(state: Record<string, unknown>): Record<string, FeelValue> {
      try {
        return m.run(null, state, null);
      } catch (e) {
        throw placed(e, m, state);
      }
    },
    evaluateValues(inputs: Record<string, FeelValue>): Record<string, FeelValue> {
      return m.run(inputs, null, null);
    },
    functions: m.functions,
  };
}
