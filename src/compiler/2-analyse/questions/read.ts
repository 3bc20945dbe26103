// Questions (spec 2.8; the per-type fields are our choice, see docs/questions.md).
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { QuestionIR, QuestionType } from "../../../ir/ir.js";
import { didYouMean } from "../../1-parse/suggest.js";

type Fields = Record<string, unknown>;
/** Reads a type-specific field into the question, or reports why it cannot. */
type FieldReader = (q: QuestionIR, v: unknown, address: string, sink: Diagnostic[]) => void;

const isObject = (v: unknown): v is Fields => v !== null && typeof v === "object" && !Array.isArray(v);
const uniqueStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string" && x !== "") && new Set(v).size === v.length;

const criteria: FieldReader = (q, v, address, sink) => {
  if (!isObject(v) || !Object.entries(v).every(([k, d]) => (k === "true" || k === "false") && typeof d === "string")) {
    sink.push(diagnostic("questions.criteria-invalid", {}, { address }));
    return;
  }
  q.criteria = v as Record<string, string>;
};

const options: FieldReader = (q, v, address, sink) => {
  const ok =
    (isObject(v) && Object.keys(v).length > 0 && Object.values(v).every((m) => typeof m === "string")) ||
    (uniqueStrings(v) && v.length > 0);
  if (!ok) {
    sink.push(diagnostic("questions.options-invalid", {}, { address }));
    return;
  }
  q.options = v as Record<string, string> | string[];
};

const levels: FieldReader = (q, v, address, sink) => {
  if (!uniqueStrings(v) || v.length < 2) {
    sink.push(diagnostic("questions.levels-invalid", {}, { address }));
    return;
  }
  q.levels = v;
};

const range: FieldReader = (q, v, address, sink) => {
  const bad = (): void => {
    sink.push(diagnostic("questions.range-invalid", {}, { address }));
  };
  if (!isObject(v) || !Object.keys(v).every((k) => k === "min" || k === "max")) return bad();
  const { min, max } = v;
  if ((min !== undefined && typeof min !== "number") || (max !== undefined && typeof max !== "number")) return bad();
  if (typeof min === "number" && typeof max === "number" && min > max) return bad();
  q.range = { ...(min !== undefined ? { min: min as number } : {}), ...(max !== undefined ? { max: max as number } : {}) };
};

/** Each type's own fields and, for a required one, what its absence is. */
const TYPE_FIELDS: Record<QuestionType, Record<string, { read: FieldReader; missing?: (address: string) => Diagnostic }>> = {
  noul: { criteria: { read: criteria } },
  choice: { options: { read: options, missing: (address) => diagnostic("questions.options-missing", {}, { address }) } },
  score: { levels: { read: levels, missing: (address) => diagnostic("questions.levels-missing", {}, { address }) } },
  number: { range: { read: range } },
  date: {},
};
const TYPES = Object.keys(TYPE_FIELDS) as QuestionType[];

export function readQuestions(raw: unknown, sink: Diagnostic[]): QuestionIR[] {
  if (!isObject(raw)) {
    sink.push(diagnostic("questions.shape", { variant: "section" }, { address: "questions" }));
    return [];
  }
  return Object.entries(raw).flatMap(([id, q]) => {
    const read = readQuestion(id, q, sink);
    return read ? [read] : [];
  });
}

function readQuestion(id: string, raw: unknown, sink: Diagnostic[]): QuestionIR | null {
  const address = `questions.${id}`;
  if (!isObject(raw)) {
    sink.push(diagnostic("questions.shape", { variant: "question", id }, { address }));
    return null;
  }
  const type = raw.type as QuestionType;
  if (!TYPES.includes(type)) {
    const suggestion = typeof raw.type === "string" ? didYouMean(raw.type, TYPES) : "";
    sink.push(
      diagnostic("questions.type-invalid", { types: TYPES, got: raw.type, didYouMean: suggestion }, { address: `${address}.type` }),
    );
    return null;
  }
  if (typeof raw.instructions !== "string" || raw.instructions.trim() === "")
    sink.push(diagnostic("questions.instructions-missing", { id }, { address }));
  const q: QuestionIR = { id, type, instructions: typeof raw.instructions === "string" ? raw.instructions : "" };
  const fields = TYPE_FIELDS[type];
  for (const [key, f] of Object.entries(fields)) {
    if (raw[key] !== undefined) f.read(q, raw[key], `${address}.${key}`, sink);
    else if (f.missing) sink.push(f.missing(address));
  }
  for (const key of Object.keys(raw))
    if (key !== "type" && key !== "instructions" && !Object.hasOwn(fields, key))
      sink.push(diagnostic("questions.unknown-key", { key, type }, { address: `${address}.${key}` }));
  return q;
}
