// The model frontend and analyser: content JSON → typed ModelIR, with the Check stages
// (parse, names, types, graph, tables, questions) and the derived input schema.
import type { Stage } from "../../ir/check.js";
import type { ModelInput } from "../../ir/model.js";
import { splitModel } from "../1-parse/content/split-model.js";
import { CHECK_SUGGEST_CELLS, withSuggestBudget } from "../1-parse/suggest.js";
import type { Diagnostic } from "../../ir/diagnostics.js";
import { hasErrors } from "../../ir/diagnostics.js";
import type { ModelIR } from "../../ir/ir.js";
import { capped } from "./capped.js";
import { dropFollowUps } from "./follow-ups.js";
import { deriveInputSchema } from "./schema/derive.js";
import type { ModelEnv } from "./body.js";
import { calculations } from "./calculations.js";
import { toStages, warningLines } from "./stages.js";
import { applyRequires, orderDecisions } from "./graph-stage.js";
import { checkNamespace, declaredNames } from "./names.js";
import { checkContract } from "./questions/contract.js";
import { readQuestions } from "./questions/read.js";
import { readContent } from "../1-parse/content/content.js";
import { readDecision } from "../1-parse/content/decisions.js";
import { readFunction } from "../1-parse/content/functions.js";
import { readInput } from "./inputs.js";
import { namedTypeEnv, resolveNamedTypes } from "./types/named.js";
import { parseTypeSpec } from "./types/parse-type.js";

export interface AnalysisResult {
  /** null when any stage has an error */
  ir: ModelIR | null;
  stages: Stage[];
  /** warning messages prefixed with their address */
  warnings: string[];
  /** the checked content */
  content: Record<string, unknown>;
  /** the derived JSON Schema of the state */
  input: Record<string, unknown>;
  /** every diagnostic, in the order found (past SHOWN_PER_ELEMENT of one code at one element, counted: capped.ts) */
  diagnostics: Diagnostic[];
}

/** The Check of a model, its suggestions ("did you mean") sharing one budget (1-parse/suggest.ts). */
export function analyseModel(model: ModelInput, options: { strict: boolean }): AnalysisResult {
  return withSuggestBudget(CHECK_SUGGEST_CELLS, () => analyseWithin(model, options));
}

function analyseWithin(model: ModelInput, options: { strict: boolean }): AnalysisResult {
  const strict = options.strict;
  const sink: Diagnostic[] = [];
  const { content, questions } = splitModel(model);
  const spec = readContent(content, strict, sink);
  checkNamespace(spec, sink);
  const decisionSpecs = Object.entries(spec.decisions).map(([n, raw]) => readDecision(n, raw, strict, sink));
  const functionSpecs = Object.entries(spec.functions).map(([n, raw]) => readFunction(n, raw, strict, sink));
  const names = declaredNames(spec, decisionSpecs, functionSpecs);
  const typeEnv = namedTypeEnv(spec.types, { strict, names, sink });
  const types = resolveNamedTypes(typeEnv);
  const inputs = Object.entries(spec.inputs).map(([n, raw]) => readInput(n, raw, typeEnv));
  const env: ModelEnv = {
    strict,
    names,
    sink,
    typeEnv,
    types,
    functionParams: new Map(functionSpecs.map((f) => [f.name, f.params.map(([p]) => p)])),
  };
  const calc = calculations(env, inputs, decisionSpecs, functionSpecs);
  const functions = functionSpecs.map((f) => calc.fn(f.name));
  const decisionMap = new Map(decisionSpecs.map((d) => [d.name, calc.decision(d.name)]));
  for (const d of decisionSpecs) applyRequires(decisionMap.get(d.name)!, d, inputs, decisionMap, sink);
  const decisions = orderDecisions([...decisionMap.values()], inputs, sink);
  const questionIRs = questions === undefined ? [] : readQuestions(questions, sink);
  checkContract(
    questionIRs,
    {
      decisions: decisionMap,
      declared: new Set(decisionSpecs.filter((d) => d.typeSpec !== undefined).map((d) => d.name)),
      others: new Map([
        ...inputs.map((i): [string, "input"] => [i.name, "input"]),
        ...functions.map((f): [string, "function"] => [f.name, "function"]),
      ]),
      typeOf: (text) => parseTypeSpec(text, "questions", { ...typeEnv, sink: [] }),
    },
    sink,
  );
  const ir: ModelIR = { name: spec.name, types, inputs, functions, decisions, questions: questionIRs };
  const diagnostics = capped(dropFollowUps(sink));
  return {
    ir: hasErrors(diagnostics) ? null : ir,
    stages: toStages(diagnostics),
    warnings: warningLines(diagnostics),
    content: content !== null && typeof content === "object" && !Array.isArray(content) ? (content as Record<string, unknown>) : {},
    input: deriveInputSchema(ir),
    diagnostics,
  };
}
