// Answers (spec 2.8) from evaluated decisions. A deterministic run gives point masses; the shapes
// are the contract readers with uncertainty fill with real distributions (docs/answers.md).
import type { QuestionIR } from "../ir/ir.js";
import { own, setOwn } from "./json.js";

export interface Answer {
  value: unknown;
  probability?: number;
  distribution?: Record<string, number> | { value: unknown; p: number }[];
}

const optionNames = (q: QuestionIR): string[] =>
  q.type === "score" ? (q.levels ?? []) : Array.isArray(q.options) ? q.options : Object.keys(q.options ?? {});

const pointMass = (names: string[], value: unknown): Record<string, number> =>
  Object.fromEntries(names.map((n) => [n, n === value ? 1 : 0]));

const SHAPES: Record<QuestionIR["type"], (q: QuestionIR, value: unknown) => Answer> = {
  noul: (_q, value) => ({ value, probability: value === true ? 1 : value === false ? 0 : (null as unknown as number) }),
  choice: (q, value) => ({ value, distribution: pointMass(optionNames(q), value) }),
  score: (q, value) => ({ value, distribution: pointMass(optionNames(q), value) }),
  number: (_q, value) => ({ value, distribution: value === null ? [] : [{ value, p: 1 }] }),
  date: (_q, value) => ({ value, distribution: value === null ? [] : [{ value, p: 1 }] }),
};

export function answersFor(questions: QuestionIR[], decisions: Record<string, unknown>): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  for (const q of questions) setOwn(out, q.id, SHAPES[q.type](q, own(decisions, q.id) ?? null));
  return out;
}
