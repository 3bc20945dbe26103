// Questions (spec 2.8; the per-type fields are our choice, see docs/questions.md).
import type { Diagnostic } from "../../../ir/diagnostics.js";
import type { QuestionIR, QuestionType } from "../../../ir/ir.js";
import { didYouMean } from "../expressions/suggest.js";
import { err, warn } from "../stages.js";

type Fields = Record<string, unknown>;
/** Reads a type-specific field into the question, or reports why it cannot. */
type FieldReader = (q: QuestionIR, v: unknown, address: string, sink: Diagnostic[]) => void;

const isObject = (v: unknown): v is Fields => v !== null && typeof v === "object" && !Array.isArray(v);
const uniqueStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string" && x !== "") && new Set(v).size === v.length;

const criteria: FieldReader = (q, v, address, sink) => {
  if (!isObject(v) || !Object.entries(v).every(([k, d]) => (k === "true" || k === "false") && typeof d === "string")) {
    err(sink, "questions.criteria-invalid", "`criteria` maps `true` and/or `false` to a description of that outcome", address);
    return;
  }
  q.criteria = v as Record<string, string>;
};

const options: FieldReader = (q, v, address, sink) => {
  const ok = (isObject(v) && Object.keys(v).length > 0 && Object.values(v).every((m) => typeof m === "string")) || (uniqueStrings(v) && v.length > 0);
  if (!ok) {
    err(sink, "questions.options-invalid", "`options` is an object mapping each option to its meaning, or an array of option names", address);
    return;
  }
  q.options = v as Record<string, string> | string[];
};

const levels: FieldReader = (q, v, address, sink) => {
  if (!uniqueStrings(v) || v.length < 2) {
    err(sink, "questions.levels-invalid", "`levels` is an array of at least two distinct level names, lowest first", address);
    return;
  }
  q.levels = v;
};

const range: FieldReader = (q, v, address, sink) => {
  const bad = (): void => err(sink, "questions.range-invalid", "`range` is `{min?, max?}` with numbers, min not above max", address);
  if (!isObject(v) || !Object.keys(v).every((k) => k === "min" || k === "max")) return bad();
  const { min, max } = v;
  if ((min !== undefined && typeof min !== "number") || (max !== undefined && typeof max !== "number")) return bad();
  if (typeof min === "number" && typeof max === "number" && min > max) return bad();
  q.range = { ...(min !== undefined ? { min: min as number } : {}), ...(max !== undefined ? { max: max as number } : {}) };
};

/** Each type's own fields and whether they are required. */
const TYPE_FIELDS: Record<QuestionType, Record<string, { read: FieldReader; required: boolean }>> = {
  noul: { criteria: { read: criteria, required: false } },
  choice: { options: { read: options, required: true } },
  score: { levels: { read: levels, required: true } },
  number: { range: { read: range, required: false } },
  date: {},
};
const TYPES = Object.keys(TYPE_FIELDS) as QuestionType[];

export function readQuestions(raw: unknown, sink: Diagnostic[]): QuestionIR[] {
  if (!isObject(raw)) {
    err(sink, "questions.shape", "`questions` maps each question id to a question object", "questions");
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
    err(sink, "questions.shape", `question \`${id}\` must be an object with \`type\` and \`instructions\``, address);
    return null;
  }
  const type = raw.type as QuestionType;
  if (!TYPES.includes(type)) {
    err(sink, "questions.type-invalid", `question type must be one of ${TYPES.join(", ")}, not ${JSON.stringify(raw.type)}${typeof raw.type === "string" ? didYouMean(raw.type, TYPES) : ""}`, `${address}.type`);
    return null;
  }
  if (typeof raw.instructions !== "string" || raw.instructions.trim() === "")
    err(sink, "questions.instructions-missing", `question \`${id}\` needs \`instructions\`: the question text`, address);
  const q: QuestionIR = { id, type, instructions: typeof raw.instructions === "string" ? raw.instructions : "" };
  const fields = TYPE_FIELDS[type];
  for (const [key, f] of Object.entries(fields)) {
    if (raw[key] !== undefined) f.read(q, raw[key], `${address}.${key}`, sink);
    else if (f.required) err(sink, `questions.${key}-missing`, `a ${type} question needs \`${key}\``, address);
  }
  for (const key of Object.keys(raw))
    if (key !== "type" && key !== "instructions" && !(key in fields))
      warn(sink, "questions.unknown-key", `\`${key}\` does not apply to a ${type} question and is ignored`, `${address}.${key}`);
  return q;
}
