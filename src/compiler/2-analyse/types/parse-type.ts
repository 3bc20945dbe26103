// Model types (spec 2.3) → static types: built-ins, constrained (`number [0..100]`), choice
// (`a|b|c`), ordered levels (`low<mid<high`), `$enum`/`$levels`, named, struct and list.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { Type } from "../../../ir/types.js";
import { inferTests } from "../expressions/unary.js";
import { rootScope } from "../expressions/scope.js";
import { didYouMean, suggest } from "../../1-parse/suggest.js";
import { TYPE_CONFUSIONS } from "../known-confusions.js";
import { shiftSpans, tryParseTests, parseTests } from "../../1-parse/model-feel.js";
import { constraintOf } from "./constraint.js";
import { builtInType as feelBuiltInType } from "../../../ir/type-expr.js";

export interface TypeEnv {
  strict: boolean;
  /** the type a key of `types` denotes (resolved on demand) */
  named(name: string): Type | undefined;
  namedNames: readonly string[];
  /** declared names, for the FEEL lexer */
  names: readonly string[];
  sink: Diagnostic[];
}

/** The built-in type names of the model format (spec 2.3), and those lenient imports add. */
const STRICT_BUILT_INS = new Set(["number", "string", "boolean", "date", "time", "date and time"]);
const LENIENT_BUILT_INS = new Set(["any", "days and time duration", "years and months duration", "context"]);

/** Built-ins that may carry a condition, longest first so `date and time` wins over `date`. */
const CONSTRAINABLE = ["years and months duration", "days and time duration", "date and time", "number", "string", "date", "time"];

function builtInType(name: string, strict: boolean): Type | undefined {
  const known = STRICT_BUILT_INS.has(name) || (!strict && LENIENT_BUILT_INS.has(name));
  const t = known ? feelBuiltInType(name) : undefined;
  return t && { ...t };
}

export function parseTypeSpec(spec: unknown, address: string, env: TypeEnv): Type {
  if (typeof spec === "string") return parseTypeString(spec, address, env);
  if (Array.isArray(spec)) {
    if (spec.length !== 1) {
      env.sink.push(diagnostic("types.invalid", { variant: "list-arity", count: spec.length }, { address }));
      return { kind: "any" };
    }
    return { kind: "list", element: parseTypeSpec(spec[0], `${address}[0]`, env) };
  }
  if (spec !== null && typeof spec === "object") return parseTypeObject(spec as Record<string, unknown>, address, env);
  env.sink.push(diagnostic("types.invalid", { variant: "shape", got: spec === null ? "null" : typeof spec }, { address }));
  return { kind: "any" };
}

function parseTypeObject(spec: Record<string, unknown>, address: string, env: TypeEnv): Type {
  for (const key of ["$enum", "$levels"] as const) {
    if (!Object.hasOwn(spec, key)) continue;
    if (Object.keys(spec).length !== 1) env.sink.push(diagnostic("types.invalid", { variant: "alone", key }, { address }));
    return valueSet(key === "$enum" ? "choice" : "levels", spec[key], address, env);
  }
  const fields = Object.entries(spec).map(([k, v]): [string, Type] => [k, parseTypeSpec(v, `${address}.${k}`, env)]);
  return { kind: "struct", fields };
}

function valueSet(kind: "choice" | "levels", values: unknown, address: string, env: TypeEnv): Type {
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === "string")) {
    env.sink.push(diagnostic("types.invalid", { variant: "values", key: kind === "choice" ? "$enum" : "$levels" }, { address }));
    return { kind: "any" };
  }
  return checkedValues(kind, values as string[], address, env);
}

function checkedValues(kind: "choice" | "levels", values: string[], address: string, env: TypeEnv): Type {
  if (values.some((v) => v === "")) env.sink.push(diagnostic("types.invalid", { variant: "empty-value", kind }, { address }));
  const dup = values.find((v, i) => values.indexOf(v) !== i);
  if (dup !== undefined) env.sink.push(diagnostic("types.invalid", { variant: "repeated-value", kind, value: dup }, { address }));
  return { kind, values };
}

const unquote = (v: string): string => (v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);

function parseTypeString(raw: string, address: string, env: TypeEnv): Type {
  const text = raw.trim();
  const builtIn = builtInType(text, env.strict);
  if (builtIn) return builtIn;
  const named = env.namedNames.includes(text) ? env.named(text) : undefined;
  if (named) return named;
  if (LENIENT_BUILT_INS.has(text)) {
    env.sink.push(diagnostic("types.lenient-only", { type: text }, { address }));
    return builtInType(text, false)!;
  }
  // a table heading is text, so a list type there is written `[element]`
  if (/^\[[^]*\]$/.test(text) && !text.includes("..")) return { kind: "list", element: parseTypeString(text.slice(1, -1), address, env) };
  const constrained = parseConstrained(text, raw.indexOf(text), raw, address, env);
  if (constrained) return constrained;
  if (text.includes("|"))
    return checkedValues(
      "choice",
      text.split("|").map((v) => unquote(v.trim())),
      address,
      env,
    );
  if (text.includes("<"))
    return checkedValues(
      "levels",
      text.split("<").map((v) => unquote(v.trim())),
      address,
      env,
    );
  // a model type that does not resolve has no FEEL null to fall back on: an error in either mode
  env.sink.push(
    diagnostic("types.unknown", { name: text, didYouMean: didYouMean(text, knownTypes(env), TYPE_CONFUSIONS) }, { address, strict: true }),
  );
  return { kind: "any" };
}

const knownTypes = (env: TypeEnv): string[] => [...STRICT_BUILT_INS, ...(env.strict ? [] : LENIENT_BUILT_INS), ...env.namedNames];

/** The type name `text` is most likely a misspelling of (`nmber` → `number`), if any. */
export const typeSuggestion = (text: string, env: TypeEnv): string | undefined => suggest(text, knownTypes(env));

/** `<built-in> <unary tests>`; null when the text does not read that way. */
function parseConstrained(text: string, offset: number, raw: string, address: string, env: TypeEnv): Type | null {
  const base = CONSTRAINABLE.find(
    (b) => text.startsWith(b) && /\s/.test(text.charAt(b.length)) && (!env.strict || STRICT_BUILT_INS.has(b)),
  );
  if (!base) return null;
  const restStart = base.length + (text.slice(base.length).length - text.slice(base.length).trimStart().length);
  const rest = text.slice(restStart);
  // a choice or level list whose first value starts with a type word (`number one|number two`)
  if (!tryParseTests(rest, env.names) && /[|<]/.test(rest)) return null;
  const tests = parseTests(rest, { address, names: env.names, sink: env.sink });
  if (!tests) return { kind: "any" };
  shiftSpans(tests, offset + restStart);
  const baseType = builtInType(base, false)!;
  inferTests(
    tests,
    {
      scope: rootScope(new Map()),
      source: raw,
      address,
      sink: env.sink,
      strict: env.strict,
      refs: [],
      inputValue: baseType,
      functionParams: new Map(),
      types: {},
    },
    (p, where) => diagnostic("types.constraint-mismatch", p, where),
  );
  return { ...baseType, constraint: constraintOf(rest, tests) } as Type;
}
