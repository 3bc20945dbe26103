// A form for the state, made from the model's derived input schema: a select for a choice, a date
// input for a date, a number input for a number, yes/no for a boolean, a fieldset for a struct and
// a list with add and remove for a list. An input left empty is absent from the state.
import { h } from "./dom.js";

type Schema = { [k: string]: unknown };

interface Field {
  el: HTMLElement;
  /** the value, or undefined when left empty */
  read(): unknown;
  write(v: unknown): void;
}

const types = (s: Schema): string[] => [s.type ?? []].flat() as string[];

/** Reads a part of the schema as the type it stands for. */
type Resolve = (s: Schema) => Schema;

/**
 * A local `$ref` followed (a type the inputs reach twice is one entry of `$defs`), and a blank
 * input's `anyOf: [its type, null]` read as its type; the part's own keywords (its description)
 * are kept over the target's.
 */
function resolver(root: Schema): Resolve {
  const resolve: Resolve = (s) => {
    const { $ref, anyOf, ...own } = s;
    if (typeof $ref === "string") {
      const target = $ref
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>((at, key) => (at as Schema | undefined)?.[key], root);
      return resolve({ ...((target ?? {}) as Schema), ...own });
    }
    const types = Array.isArray(anyOf) ? (anyOf as Schema[]).filter((b) => b.type !== "null") : [];
    return types.length === 1 ? resolve({ ...types[0]!, ...own }) : s;
  };
  return resolve;
}

function scalar(s: Schema, label: string): Field {
  const t = types(s);
  if (Array.isArray(s.enum) || t.includes("boolean")) {
    const options = Array.isArray(s.enum) ? (s.enum as unknown[]) : [true, false];
    const select = h(
      "select",
      { "aria-label": label },
      h("option", { value: "" }, "—"),
      ...options.map((o) => h("option", { value: JSON.stringify(o) }, String(o))),
    );
    return {
      el: select,
      read: () => (select.value === "" ? undefined : JSON.parse(select.value)),
      write: (v) => (select.value = v === undefined || v === null ? "" : JSON.stringify(v)),
    };
  }
  const number = t.includes("number") || t.includes("integer");
  const input = h("input", {
    "aria-label": label,
    type: number ? "number" : s.format === "date" ? "date" : "text",
    step: number ? "any" : undefined,
    min: typeof s.minimum === "number" ? s.minimum : undefined,
    max: typeof s.maximum === "number" ? s.maximum : undefined,
  });
  return {
    el: input,
    read: () => (input.value === "" ? undefined : number ? Number(input.value) : input.value),
    write: (v) => (input.value = v === undefined || v === null ? "" : String(v)),
  };
}

function struct(s: Schema, label: string, resolve: Resolve): Field {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const fields = Object.entries(properties).map(([name, p]) => [name, field(p, name, resolve)] as const);
  const el = h(
    "fieldset",
    { class: "struct", "aria-label": label },
    ...fields.map(([name, f]) =>
      h(
        "label",
        { class: "field", title: String(properties[name]!.description ?? "") },
        h("span", { class: "name" }, name, required.has(name) ? "" : h("small", {}, " (optional)")),
        f.el,
      ),
    ),
  );
  return {
    el,
    read: () => {
      const out: Record<string, unknown> = {};
      for (const [name, f] of fields) {
        const v = f.read();
        if (v !== undefined) out[name] = v;
      }
      return out;
    },
    write: (v) => {
      const o = (v ?? {}) as Record<string, unknown>;
      for (const [name, f] of fields) f.write(o[name]);
    },
  };
}

function list(s: Schema, label: string, resolve: Resolve): Field {
  const items: Field[] = [];
  const rows = h("ol", { class: "items" });
  const add = (v?: unknown) => {
    const f = field((s.items ?? {}) as Schema, `${label} item`, resolve);
    f.write(v);
    const remove = () => {
      items.splice(items.indexOf(f), 1);
      row.remove();
    };
    const row: HTMLElement = h("li", {}, f.el, h("button", { type: "button", class: "remove", on: { click: remove } }, "remove"));
    items.push(f);
    rows.append(row);
  };
  const el = h(
    "div",
    { class: "list", "aria-label": label },
    rows,
    h("button", { type: "button", on: { click: () => add() } }, `+ add ${label}`),
  );
  return {
    el,
    read: () => items.map((f) => f.read()),
    write: (v) => {
      items.length = 0;
      rows.replaceChildren();
      for (const item of Array.isArray(v) ? v : []) add(item);
    },
  };
}

function field(part: Schema, label: string, resolve: Resolve): Field {
  const s = resolve(part);
  const t = types(s);
  if (t.includes("object")) return struct(s, label, resolve);
  if (t.includes("array")) return list(s, label, resolve);
  return scalar(s, label);
}

export interface StateForm {
  el: HTMLElement;
  read(): Record<string, unknown>;
  fill(state: unknown): void;
}

export function stateForm(inputSchema: Record<string, unknown>): StateForm {
  const f = struct({ ...inputSchema, type: "object" }, "state", resolver(inputSchema));
  f.el.classList.add("state-form");
  return { el: f.el, read: () => f.read() as Record<string, unknown>, fill: (s) => f.write(s) };
}
