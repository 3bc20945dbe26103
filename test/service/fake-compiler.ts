// A stand-in for the compiler with the real CompiledModel contract, so the service and HTTP
// layers are tested on their own. Decisions are tiny recipes: "sum" adds the inputs, "loop"
// ticks the evaluation budget forever, "null" evaluates to null, an array is a two-rule table
// on the sum (rule 1 "high" when sum >= 10, else rule 2 "low"), "positive" is sum > 0, "bigint"
// is a value JSON cannot serialise. A model named "too large" fails as one past the generated-code limit.
import { tick } from "../../src/runtime/budget.js";
import { problem as feelProblem } from "../../src/runtime/problems.js";
import type { CheckResult, CompiledModel, CompileResult, ModelInput } from "../../src/compiler/index.js";

export interface FakeCompiler {
  compile(model: ModelInput): CompileResult;
  check(model: ModelInput): CheckResult;
  compiles: number;
}

const split = (m: ModelInput) => m as { content: Record<string, unknown>; questions?: Record<string, unknown> };

/** The check of a model whose code went past the compile's limit at its first decision. */
const tooLarge = (check: CheckResult): CheckResult => ({
  ...check,
  valid: false,
  stages: [
    ...check.stages,
    {
      name: "codegen",
      ok: false,
      diagnostics: [
        {
          severity: "error",
          code: "codegen.too-large",
          message: "the generated code grows past 10 characters here",
          address: "decisions.s",
        },
      ],
    },
  ],
});

export function fakeCompiler(): FakeCompiler {
  const self: FakeCompiler = {
    compiles: 0,
    check(model) {
      const { content } = split(model);
      const inputs = Object.keys((content.inputs as object | undefined) ?? {});
      const errors =
        typeof content.name === "string"
          ? []
          : [{ severity: "error" as const, code: "schema.required", message: "name is required", address: "name" }];
      return {
        valid: errors.length === 0,
        stages: [{ name: "schema", ok: errors.length === 0, diagnostics: errors }],
        warnings: [],
        content,
        input: {
          type: "object",
          properties: Object.fromEntries(inputs.map((n) => [n, { type: "number" }])),
          required: inputs,
        },
      };
    },
    compile(model) {
      self.compiles++;
      const check = self.check(model);
      if (!check.valid) return { ok: false, check };
      if (split(model).content.name === "too large") return { ok: false, check: tooLarge(check) };
      const { content, questions = {} } = split(model);
      const inputs = Object.keys((content.inputs as object | undefined) ?? {});
      const decisions = (content.decisions ?? {}) as Record<string, unknown>;
      const compiled: CompiledModel = {
        hash: `fake-${String(content.name)}`,
        ir: {} as CompiledModel["ir"],
        check,
        inputSchema: check.input,
        source: "",
        decisions: Object.keys(decisions),
        loadable: { source: "", explainSource: "", inputSchema: check.input, decisions: Object.keys(decisions), questions: [] },
        functions: {},
        prepareValidation: () => false,
        validate(state) {
          if (!state || typeof state !== "object" || Array.isArray(state)) {
            return { ok: false, errors: [{ address: "state", code: "state.type", message: "state must be an object" }] };
          }
          const errors = inputs
            .filter((n) => typeof (state as Record<string, unknown>)[n] !== "number")
            .map((n) => ({ address: `state.${n}`, code: "state.type", message: `${n} must be a number` }));
          return errors.length ? { ok: false, errors } : { ok: true };
        },
        evaluate(state) {
          return compiled.evaluateTraced(state).decisions;
        },
        evaluateTraced(state) {
          const sum = inputs.reduce((s, n) => s + (state[n] as number), 0);
          const out: Record<string, unknown> = {};
          const trace: Record<string, { rule?: number }> = {};
          for (const [name, recipe] of Object.entries(decisions)) {
            if (recipe === "loop") for (;;) tick();
            if (recipe === "sum") out[name] = sum;
            if (recipe === "positive") out[name] = sum > 0;
            if (recipe === "bigint") out[name] = BigInt(sum);
            if (recipe === "null") out[name] = feelProblem(`${name}: division by zero`);
            if (Array.isArray(recipe)) {
              out[name] = sum >= 10 ? "high" : "low";
              trace[name] = { rule: sum >= 10 ? 1 : 2 };
            }
          }
          return { decisions: out, trace };
        },
        explain(state) {
          const { decisions: values } = compiled.evaluateTraced(state);
          const explained = Object.entries(values).map(([name, value]) => [name, { address: `decisions.${name}`, value }]);
          return { decisions: values, explanation: { decisions: Object.fromEntries(explained) } };
        },
        answers(d) {
          return Object.fromEntries(
            Object.keys(questions).map((q) => [
              q,
              typeof d[q] === "boolean" ? { value: d[q], probability: d[q] ? 1 : 0 } : { value: d[q], distribution: { [String(d[q])]: 1 } },
            ]),
          );
        },
        evaluateValues: () => ({}),
        evaluateToValues: () => ({}),
      };
      return { ok: true, model: compiled };
    },
  };
  return self;
}

/** A small valid model for the fake: inputs a and b, a table "risk" and a noul question "ok". */
export const MODEL = {
  content: {
    name: "fake lending",
    inputs: { a: { type: "number", desc: "a?" }, b: { type: "number", desc: "b?" } },
    decisions: { total: "sum", risk: [["total", "=> low<high"]], ok: "positive" },
  },
  questions: {
    ok: { type: "noul", instructions: "is it ok?", criteria: { true: "yes", false: "no" } },
    risk: { type: "score", instructions: "risk?", levels: ["low", "high"] },
  },
};
