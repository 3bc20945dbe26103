// The shape of a caller's JSON state: its keys and the JSON type of each value, never a value.
// A generator drafting a model for questions is shown it, so that the model's inputs read what
// the caller has (`from` the caller's keys) rather than observations nobody sends. Nested keys
// are dotted paths; an array is typed by its first element. Bounded: the first MAX_KEYS paths,
// MAX_DEPTH levels deep.

/** A state's paths and their JSON types: `{"applicant.income": "number", "debts": "array of object"}`. */
export type StateShape = Record<string, string>;

const MAX_KEYS = 100;
const MAX_DEPTH = 4;

const typeOf = (v: unknown): string =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? `array${v.length > 0 ? ` of ${typeOf(v[0])}` : ""}`
      : typeof v === "object"
        ? "object"
        : typeof v;

/** The shape of a JSON object state; undefined for text (it has no keys) or any other JSON. */
export function stateShape(state: unknown): StateShape | undefined {
  if (!state || typeof state !== "object" || Array.isArray(state)) return undefined;
  const shape: StateShape = {};
  let count = 0;
  const walk = (node: Record<string, unknown>, prefix: string, depth: number): void => {
    for (const [key, value] of Object.entries(node)) {
      if (count >= MAX_KEYS) return;
      const path = prefix ? `${prefix}.${key}` : key;
      shape[path] = typeOf(value);
      count++;
      const inner = Array.isArray(value) ? value[0] : value;
      if (inner && typeof inner === "object" && !Array.isArray(inner) && depth < MAX_DEPTH)
        walk(inner as Record<string, unknown>, Array.isArray(value) ? `${path}[]` : path, depth + 1);
    }
  };
  walk(state as Record<string, unknown>, "", 1);
  return shape;
}
