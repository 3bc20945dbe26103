// The answer contract (spec 2.8): every question has exactly one decision of its name, whose
// type the question fixes. A declared type must match; an inferred one that cannot be confirmed
// (a plain string for a choice) is a warning asking for the type to be declared.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { DecisionIR, QuestionIR } from "../../../ir/ir.js";
import type { Type } from "../../../ir/types.js";
import { isCertain, typeToString } from "../expressions/compat.js";
import { didYouMean } from "../../1-parse/suggest.js";

/** The decision type a question fixes, as text, and whether a type satisfies it exactly. */
interface Expectation {
  text: string;
  /** the less specific type inference may have produced instead (a plain string for a choice) */
  like: Type;
  exact(t: Type): boolean;
  /** the type itself where the text cannot be read back as one (an option or level holding `|` or `<`) */
  type?: Type;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v) => b.includes(v));

function rangeText(r: { min?: number; max?: number }): string {
  if (r.min !== undefined && r.max !== undefined) return `number [${r.min}..${r.max}]`;
  return r.min !== undefined ? `number >= ${r.min}` : `number <= ${r.max}`;
}

function expectation(q: QuestionIR): Expectation {
  switch (q.type) {
    case "noul":
      return { text: "boolean", like: { kind: "boolean" }, exact: (t) => t.kind === "boolean" };
    case "choice": {
      const names = Array.isArray(q.options) ? q.options : Object.keys(q.options ?? {});
      const exact = (t: Type) => t.kind === "choice" && sameSet(t.values, names);
      return { text: names.join("|"), like: { kind: "string" }, exact, type: { kind: "choice", values: names } };
    }
    case "score": {
      const levels = q.levels ?? [];
      const exact = (t: Type) => t.kind === "levels" && sameList(t.values, levels);
      return { text: levels.join("<"), like: { kind: "string" }, exact, type: { kind: "levels", values: levels } };
    }
    case "number": {
      const r = q.range;
      if (!r || (r.min === undefined && r.max === undefined))
        return { text: "number", like: { kind: "number" }, exact: (t) => t.kind === "number" };
      return {
        text: rangeText(r),
        like: { kind: "number" },
        exact: (t) => t.kind === "number" && t.constraint?.minimum === r.min && t.constraint?.maximum === r.max,
      };
    }
    case "date":
      return { text: "date", like: { kind: "date" }, exact: (t) => t.kind === "date" };
  }
}

export interface ContractSubjects {
  decisions: ReadonlyMap<string, DecisionIR>;
  /** decisions whose type is declared rather than inferred */
  declared: ReadonlySet<string>;
  /** inputs and functions, which can never answer a question */
  others: ReadonlyMap<string, "input" | "function">;
  /** a type written as a model writes it (`number [0..100]`), for the type a question fixes */
  typeOf(text: string): Type;
}

export function checkContract(questions: QuestionIR[], subjects: ContractSubjects, sink: Diagnostic[]): void {
  for (const q of questions) {
    const address = `questions.${q.id}`;
    const decision = subjects.decisions.get(q.id);
    if (!decision) {
      const other = subjects.others.get(q.id);
      if (other) sink.push(diagnostic("questions.not-a-decision", { id: q.id, kind: other }, { address }));
      else
        sink.push(
          diagnostic("questions.missing-decision", { id: q.id, didYouMean: didYouMean(q.id, subjects.decisions.keys()) }, { address }),
        );
      continue;
    }
    decision.question = q.id;
    const want = expectation(q);
    // a choice without options or a score without levels is reported by the question; it fixes no type
    if (want.text === "" || want.exact(decision.type)) continue;
    const declared = subjects.declared.has(q.id);
    const t = decision.type;
    const lessSpecific = !isCertain(t) || (t.kind === want.like.kind && !("constraint" in t && t.constraint));
    const contract = { id: q.id, type: q.type, want: want.text };
    if (!declared && lessSpecific) {
      sink.push(diagnostic("questions.type-unknown", { ...contract, inferred: typeToString(t) }, { address: decision.address }));
      // the question's type is the decision's declared result: its value is held to it when run
      const fixed = want.type ?? subjects.typeOf(want.text);
      if (fixed.kind !== "any") {
        decision.type = fixed;
        delete decision.inferred;
      }
    } else sink.push(diagnostic("questions.type-mismatch", { ...contract, got: typeToString(t) }, { address: decision.address }));
  }
}
