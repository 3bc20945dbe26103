// The decision type each question type fixes (spec 2.8, docs/questions.md), as a type of the
// content format (spec 2.3). Option and level names holding `|` or `<` use the object forms.
type TypeSpec = string | Record<string, unknown>;

const needsObjectForm = (names: string[]): boolean => names.some((n) => /[|<]/.test(n) || n !== n.trim());

const optionNames = (options: unknown): string[] =>
  Array.isArray(options)
    ? options.filter((o): o is string => typeof o === "string")
    : options && typeof options === "object"
      ? Object.keys(options)
      : [];

function numberType(range: unknown): string {
  const r = (range && typeof range === "object" ? range : {}) as { min?: unknown; max?: unknown };
  const min = typeof r.min === "number" ? r.min : undefined;
  const max = typeof r.max === "number" ? r.max : undefined;
  if (min !== undefined && max !== undefined) return `number [${min}..${max}]`;
  if (min !== undefined) return `number >= ${min}`;
  if (max !== undefined) return `number <= ${max}`;
  return "number";
}

const TYPES: Record<string, (q: Record<string, unknown>) => TypeSpec> = {
  noul: () => "boolean",
  choice: (q) => {
    const names = optionNames(q.options);
    return needsObjectForm(names) ? { $enum: names } : names.join("|");
  },
  score: (q) => {
    const levels = optionNames(q.levels);
    return needsObjectForm(levels) ? { $levels: levels } : levels.join("<");
  },
  number: (q) => numberType(q.range),
  date: () => "date",
};

/** The decision type a question requires, or undefined for an unknown question type. */
export function questionType(question: Record<string, unknown>): TypeSpec | undefined {
  const make = typeof question.type === "string" ? TYPES[question.type] : undefined;
  return make?.(question);
}
