// The portable model as providers can produce it under an enforced schema. Structured outputs
// cannot express maps with free keys, so every map of the content format (inputs, decisions,
// options, …) travels as an array of named entries, and a struct or list type as JSON text.
// `fromWire` turns an answer back into `{content, questions}` of spec section 2.
type Schema = Record<string, unknown>;

const str = (description?: string): Schema => ({ type: "string", ...(description ? { description } : {}) });
const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: "null" }] });
const arr = (items: Schema): Schema => ({ type: "array", items });
const obj = (properties: Record<string, Schema>): Schema => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

const TYPE = str(
  "a type of spec 2.3 (number, string, boolean, date, `number [0..100]`, `a|b|c`, `low<mid<high`, a key of types); a struct or list type as JSON text",
);
const TABLE = arr(arr(str()));

export const MODEL_WIRE_SCHEMA: Schema = obj({
  name: str(),
  types: arr(obj({ name: str(), type: TYPE })),
  inputs: arr(
    obj({
      name: str(),
      type: TYPE,
      desc: str("the question the reader must answer from the evidence"),
      options: arr(obj({ value: str(), meaning: str() })),
      from: nullable(str()),
      threshold: nullable({ type: "number" }),
      blank: { type: "boolean" },
    }),
  ),
  decisions: arr(
    obj({
      name: str(),
      type: nullable(TYPE),
      desc: nullable(str()),
      let: arr(obj({ name: str(), expr: str() })),
      expr: nullable(str("a FEEL expression; null when table is given")),
      table: nullable({
        ...TABLE,
        description:
          "header row first (input columns, then `=> name: type` outputs, optional `# why`), then rules; the last rule is the else row of `-`",
      }),
    }),
  ),
  functions: arr(
    obj({
      name: str(),
      params: arr(obj({ name: str(), type: TYPE })),
      returns: TYPE,
      body: nullable(str()),
      table: nullable(TABLE),
    }),
  ),
  questions: arr(
    obj({
      id: str("the name of the decision that answers it"),
      type: { type: "string", enum: ["noul", "choice", "score", "number", "date"] },
      instructions: str(),
      criteria: nullable(obj({ true: nullable(str()), false: nullable(str()) })),
      options: nullable(arr(obj({ name: str(), meaning: str() }))),
      levels: nullable(arr(str())),
      range: nullable(obj({ min: nullable({ type: "number" }), max: nullable({ type: "number" }) })),
    }),
  ),
});

type Entry = Record<string, unknown>;
const list = (v: unknown): Entry[] => (Array.isArray(v) ? v.filter((e): e is Entry => !!e && typeof e === "object") : []);
const given = (v: unknown): boolean => v !== null && v !== undefined;

/** A type as sent: JSON text for structs and lists, else the type string. */
function typeOf(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t.startsWith("{") || t.startsWith("[")) {
    try {
      return JSON.parse(t);
    } catch {
      return v;
    }
  }
  return v;
}

const named = <T>(entries: Entry[], key: string, make: (e: Entry) => T): Record<string, T> =>
  Object.fromEntries(entries.filter((e) => typeof e[key] === "string").map((e) => [e[key] as string, make(e)]));

const prune = (o: Entry): Entry => Object.fromEntries(Object.entries(o).filter(([, v]) => given(v)));

function input(e: Entry): Entry {
  const options = list(e.options);
  return prune({
    type: typeOf(e.type),
    desc: e.desc,
    options: options.length > 0 ? named(options, "value", (o) => o.meaning) : undefined,
    from: e.from,
    threshold: e.threshold,
    blank: e.blank === true ? true : undefined,
  });
}

function decision(e: Entry): unknown {
  const lets = list(e.let);
  const body = given(e.table) ? { table: e.table } : { expr: e.expr };
  if (!given(e.type) && !given(e.desc) && lets.length === 0) return given(e.table) ? e.table : e.expr;
  return prune({
    type: given(e.type) ? typeOf(e.type) : undefined,
    desc: e.desc,
    let: lets.length > 0 ? named(lets, "name", (l) => l.expr) : undefined,
    ...body,
  });
}

function fn(e: Entry): Entry {
  return {
    params: named(list(e.params), "name", (p) => typeOf(p.type)),
    returns: typeOf(e.returns),
    body: given(e.table) ? e.table : e.body,
  };
}

function question(e: Entry): Entry {
  const criteria = e.criteria && typeof e.criteria === "object" ? prune(e.criteria as Entry) : undefined;
  const options = e.options ? named(list(e.options), "name", (o) => o.meaning) : undefined;
  const range = e.range && typeof e.range === "object" ? prune(e.range as Entry) : undefined;
  return prune({
    type: e.type,
    instructions: e.instructions,
    criteria: e.type === "noul" && criteria && Object.keys(criteria).length > 0 ? criteria : undefined,
    options: e.type === "choice" ? options : undefined,
    levels: e.type === "score" ? e.levels : undefined,
    range: e.type === "number" && range && Object.keys(range).length > 0 ? range : undefined,
  });
}

export function fromWire(answer: unknown): { content: Record<string, unknown>; questions: Record<string, unknown> } {
  const w = (answer && typeof answer === "object" ? answer : {}) as Entry;
  const types = named(list(w.types), "name", (t) => typeOf(t.type));
  const functions = named(list(w.functions), "name", fn);
  const content: Record<string, unknown> = {
    name: typeof w.name === "string" ? w.name : "",
    ...(Object.keys(types).length > 0 ? { types } : {}),
    inputs: named(list(w.inputs), "name", input),
    decisions: named(list(w.decisions), "name", decision),
    ...(Object.keys(functions).length > 0 ? { functions } : {}),
  };
  return { content, questions: named(list(w.questions), "id", question) };
}
