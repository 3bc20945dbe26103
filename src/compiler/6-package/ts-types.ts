// Model types (src/ir/types.ts) as TypeScript type text for the package's index.d.ts. Structs
// become named interfaces (after their named type, or after where they appear); everything
// else is written inline. Inputs are typed as the input schema allows; outputs (`nulls: true`)
// may hold null anywhere, since FEEL turns errors and missing values into null.
import type { OptionalKind, PropertySignatureStructure } from "ts-morph";
import { sameType } from "../2-analyse/expressions/compat.js";
import { typeSchema } from "../2-analyse/schema/derive.js";
import type { Type } from "../../ir/types.js";
import { visibleJson } from "../../ir/visible-text.js";

export interface InterfaceDecl {
  name: string;
  properties: OptionalKind<PropertySignatureStructure>[];
}

export type Side = "input" | "output";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A property name as TypeScript accepts it: bare when it is an identifier, else quoted. */
export const propertyName = (name: string): string => (IDENTIFIER.test(name) ? name : visibleJson(name));

/** `monthly rent` → `MonthlyRent`, for interface names. */
const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("")
    .replace(/^(\d)/, "_$1") || "Value";

const literalUnion = (values: readonly string[]): string => (values.length ? values.map((v) => visibleJson(v)).join(" | ") : "never");

const arrayOf = (element: string): string => (/^[\w$.]+$/.test(element) ? `${element}[]` : `Array<${element}>`);

/** Collects the struct interfaces the type texts it hands out refer to. */
export class TypeNamer {
  readonly interfaces: InterfaceDecl[] = [];
  /** the interfaces written, by side and field names, each with its struct type */
  private readonly written = new Map<string, { type: Type; name: string }[]>();
  private readonly used: Set<string>;
  private readonly namedTypes: [Type, string][];

  constructor(namedTypes: Record<string, Type>, reserved: string[]) {
    this.used = new Set(reserved);
    this.namedTypes = Object.entries(namedTypes).map(([name, t]) => [t, name]);
  }

  /** TypeScript text for a value of type `t`; `hint` names a struct interface that has no named type. */
  text(t: Type, side: Side, hint: string): string {
    const inner = this.core(t, side, hint);
    return side === "output" && inner !== "unknown" && inner !== "null" ? `${inner} | null` : inner;
  }

  private core(t: Type, side: Side, hint: string): string {
    switch (t.kind) {
      case "any":
        return "unknown";
      case "null":
      case "function":
        return "null";
      case "number":
        return "number";
      case "boolean":
        return "boolean";
      case "string": {
        const allowed = typeSchema(t).enum as string[] | undefined;
        return allowed ? literalUnion(allowed) : "string";
      }
      case "choice":
      case "levels":
        return literalUnion(t.values);
      case "context":
        return "Record<string, unknown>";
      case "list":
        return arrayOf(this.text(t.element, side, hint));
      case "range": {
        const end = this.text(t.element, "output", hint);
        return `{ start: ${end}; end: ${end}; startIncluded: boolean; endIncluded: boolean }`;
      }
      case "struct":
        return this.struct(t, side, hint);
      default:
        // dates, times and durations travel as ISO 8601 strings
        return "string";
    }
  }

  /** One interface per struct type and side: the same type met again (however written) gets its name. */
  private struct(t: Extract<Type, { kind: "struct" }>, side: Side, hint: string): string {
    const key = JSON.stringify([side, t.fields.map(([field]) => field)]);
    const alike = this.written.get(key) ?? [];
    const known = alike.find((w) => sameType(w.type, t));
    if (known) return known.name;
    const named = this.namedTypes.find(([u]) => sameType(u, t))?.[1];
    const name = this.unique(pascal(named ?? hint), side);
    this.written.set(key, [...alike, { type: t, name }]);
    const decl: InterfaceDecl = { name, properties: [] };
    this.interfaces.push(decl);
    decl.properties = t.fields.map(([field, ft]) => ({ name: propertyName(field), type: this.text(ft, side, `${hint} ${field}`) }));
    return name;
  }

  private unique(base: string, side: Side): string {
    const candidates = [base, side === "output" ? `${base}Value` : `${base}Input`];
    let name = candidates.find((c) => !this.used.has(c));
    for (let i = 2; !name; i++) if (!this.used.has(`${base}${i}`)) name = `${base}${i}`;
    this.used.add(name);
    return name;
  }
}
