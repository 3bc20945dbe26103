// The state check as straight JS, written from the input schema: one function per structure and
// list of the schema, and one per `$defs` entry called wherever a `$ref` names it, so the code
// grows with the schema's text, never with the types written out. It answers one question — is
// the state valid? — and answers yes exactly when a JSON Schema validator (ajv: own properties,
// strict numbers) finds no error and no number anywhere in the state (object keys, array items)
// is NaN or ±Infinity (which state-errors.ts reports, withNonFinite); a state it refuses is walked for its problems by
// state-problems.ts. Why the schema and not the model's types: the schema is what a compiled
// model carries to where it runs (a batch worker, a package), what a reader's values are checked
// against, and what the service publishes; checking by it checks by what the caller was shown.
//
// The source is a function body of one parameter, `F`, the formats by name (formats.ts); it
// returns the check. It does not use `Object.hasOwn` where it need not: an object whose
// prototype is Object.prototype (or none) owns a key whose value differs from Object.prototype's.
// An object of another prototype (a class instance) is left to the walk (state-problems.ts),
// which decides it as ajv does.
import { FEEL_FORMATS } from "./formats.js";
import { assertSupported, resolveRef, typesOf, UnsupportedSchema, type Schema } from "./state-schema.js";

/** What a check of one value is, as an expression over a variable. */
interface Check {
  code: string;
  /** when it passes, every number in the value is finite (so an enclosing object need not look inside) */
  verified: boolean;
  /** it may pass an object or an array */
  composite: boolean;
}

const PRELUDE = `"use strict";
const OP = Object.prototype, isArray = Array.isArray, own = Object.hasOwn, proto = Object.getPrototypeOf;
function fin(o) {
  const stack = [o];
  const see = (y) => {
    if (typeof y === "number") return y - y === 0;
    if (typeof y === "object" && y !== null) stack.push(y);
    return true;
  };
  while (stack.length > 0) {
    const p = stack.pop();
    if (isArray(p)) { for (let i = 0; i < p.length; i++) if (!see(p[i])) return false; }
    else for (const k in p) if (!see(p[k])) return false;
  }
  return true;
}
const finite = (y) => typeof y === "number" ? y - y === 0 : typeof y !== "object" || y === null || fin(y);`;

/** Enums longer than this are looked up in a Set. */
const SHORT_ENUM = 8;

const literal = (v: unknown): string => (typeof v === "string" ? JSON.stringify(v) : String(v));

const BOUNDS: Record<string, string> = { maximum: "<=", minimum: ">=", exclusiveMaximum: "<", exclusiveMinimum: ">" };

export function stateCheckSource(root: Schema): string {
  const declarations: string[] = [];
  const functions: string[] = [];
  const defs = new Map<Schema, string>();
  const formats = new Map<string, string>();
  let fresh = 0;
  const local = (prefix: string) => `${prefix}${fresh++}`;

  const format = (name: unknown, at: string): string => {
    if (typeof name !== "string" || !Object.hasOwn(FEEL_FORMATS, name))
      throw new UnsupportedSchema(at, `the format ${JSON.stringify(name)}`);
    let f = formats.get(name);
    if (f === undefined) {
      formats.set(name, (f = local("format")));
      declarations.push(`const ${f} = F[${JSON.stringify(name)}];`);
    }
    return f;
  };

  const enumCheck = (values: unknown[], x: string): string => {
    if (values.length <= SHORT_ENUM) return `(${values.map((v) => `${x} === ${literal(v)}`).join(" || ") || "false"})`;
    const set = local("choices");
    declarations.push(`const ${set} = new Set([${values.map(literal).join(", ")}]);`);
    return `${set}.has(${x})`;
  };

  /** The function checking a `$defs` entry: made once, called wherever it is referred to. */
  const defFunction = (def: Schema, at: string): string => {
    let f = defs.get(def);
    if (f === undefined) {
      defs.set(def, (f = local("def")));
      functions.push(`function ${f}(v) { return ${check(def, "v", at, true).code}; }`);
    }
    return f;
  };

  function objectFunction(s: Schema, at: string): string {
    const f = local("object");
    const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
    const required = new Set((s.required ?? []) as string[]);
    const kept: string[] = [];
    const lines: string[] = [];
    const seen = new Set<string>();
    // the required names without a property of their own, found by a set (a search of the
    // properties for each took 25 million steps for 5,000 inputs)
    const named = new Set(props.map(([p]) => p));
    for (const [k, sub] of [...props, ...[...required].filter((k) => !named.has(k)).map((k) => [k, {}] as const)]) {
      if (seen.has(k)) continue;
      seen.add(k);
      const key = JSON.stringify(k);
      const c = check(sub, "x", `${at}/properties/${k}`, false);
      // an own property, unless Object.prototype has the same value (then own() says); `__proto__` is an accessor there
      const present = k === "__proto__" ? `x !== undefined && own(v, ${key})` : `x !== undefined && (x !== OP[${key}] || own(v, ${key}))`;
      const test = c.code === "true" ? "" : c.code;
      lines.push(`x = v[${key}];`);
      if (required.has(k)) lines.push(`if (!(${present})${test ? ` || !(${test})` : ""}) return false;`);
      else if (test) lines.push(`if (${present} && !(${test})) return false;`);
      // a structure or list checked here need not be looked into again below
      if (c.verified && c.composite) {
        kept.push(local("c"));
        lines.push(`${kept.at(-1)!} = x;`);
      }
    }
    const skip = kept.map((c) => ` && y !== ${c}`).join("");
    // Another prototype may lend values: the walk (state-problems.ts) looks at own properties one by
    // one. Asked after the first entry is read, whose load tells the optimising compiler the
    // object's shapes, so that the prototype of each is a constant (not a call) and the loop over
    // the entries below starts from a known shape.
    const prototype = ["const p = proto(v);", "if (p !== OP && p !== null) return false;"];
    lines.splice(lines.length > 0 ? 1 : 0, 0, ...prototype);
    functions.push(
      [
        `function ${f}(v) {`,
        'if (typeof v !== "object" || v === null || isArray(v)) return false;',
        `let ${["x", ...kept].join(", ")};`,
        ...lines,
        // every other number, wherever in the object, must be finite too
        `for (const k in v) { const y = v[k]; if (typeof y === "number" ? y - y !== 0 : typeof y === "object" && y !== null${skip} && !fin(y)) return false; }`,
        "return true;",
        "}",
      ].join("\n"),
    );
    return f;
  }

  function arrayFunction(s: Schema, at: string): string {
    const f = local("list");
    const item = check((s.items ?? {}) as Schema, "x", `${at}/items`, true);
    functions.push(
      `function ${f}(v) {\nif (!isArray(v)) return false;\nfor (let i = 0; i < v.length; i++) { const x = v[i]; if (!(${item.code})) return false; }\nreturn true;\n}`,
    );
    return f;
  }

  /** One type's check of `x`. */
  function typeCheck(t: string, s: Schema, x: string, at: string, deep: boolean): Check {
    switch (t) {
      case "null":
        return { code: `${x} === null`, verified: true, composite: false };
      case "boolean":
        return { code: `typeof ${x} === "boolean"`, verified: true, composite: false };
      case "string": {
        const f = s.format === undefined ? "" : ` && ${format(s.format, at)}(${x})`;
        return { code: `typeof ${x} === "string"${f}`, verified: true, composite: false };
      }
      case "number": {
        const bounds = Object.entries(BOUNDS)
          .filter(([k]) => s[k] !== undefined)
          .map(([k, op]) => ` && ${x} ${op} ${literal(s[k])}`)
          .join("");
        return { code: `typeof ${x} === "number" && ${x} - ${x} === 0${bounds}`, verified: true, composite: false };
      }
      case "array":
        return { code: `${arrayFunction(s, at)}(${x})`, verified: true, composite: true };
      default:
        if (s.properties !== undefined || s.required !== undefined)
          return { code: `${objectFunction(s, at)}(${x})`, verified: true, composite: true };
        return {
          code: `typeof ${x} === "object" && ${x} !== null && !isArray(${x})${deep ? ` && fin(${x})` : ""}`,
          verified: deep,
          composite: true,
        };
    }
  }

  /** The check of `x` against `s`; `deep` asks that it also see every number inside. */
  function check(s: Schema, x: string, at: string, deep: boolean): Check {
    assertSupported(s, at);
    if (typeof s.$ref === "string")
      return { code: `${defFunction(resolveRef(root, s.$ref), s.$ref)}(${x})`, verified: true, composite: true };
    const parts: Check[] = [];
    const types = typesOf(s);
    if (types.length > 0) {
      const alternatives = types.map((t) => typeCheck(t, s, x, at, deep));
      parts.push({
        code: alternatives.length === 1 ? alternatives[0]!.code : `(${alternatives.map((a) => a.code).join(" || ")})`,
        verified: alternatives.every((a) => a.verified),
        composite: alternatives.some((a) => a.composite),
      });
    }
    if (Array.isArray(s.enum)) parts.push({ code: enumCheck(s.enum, x), verified: true, composite: false });
    if (Array.isArray(s.anyOf)) {
      const branches = (s.anyOf as Schema[]).map((b, i) => check(b, x, `${at}/anyOf/${i}`, deep));
      parts.push({
        code: `(${branches.map((b) => b.code).join(" || ") || "false"})`,
        verified: branches.every((b) => b.verified),
        composite: branches.some((b) => b.composite),
      });
    }
    if (parts.length === 0)
      return deep ? { code: `finite(${x})`, verified: true, composite: true } : { code: "true", verified: false, composite: true };
    return {
      code: parts.length === 1 ? parts[0]!.code : parts.map((p) => `(${p.code})`).join(" && "),
      // every part holds of a value that passes: one that sees every number is enough
      verified: parts.some((p) => p.verified),
      composite: parts.every((p) => p.composite),
    };
  }

  const top = check(root, "s", "", true);
  return [PRELUDE, ...declarations, ...functions, `return (s) => ${top.code};`].join("\n");
}
