// External functions of kind Java (DMN 1.5, 10.3.2.13.3): `function(a, b) external {java: {class:
// "java.lang.Math", method signature: "max(double, double)"}}` names a static method; the mapped
// java.lang methods (./methods.ts) are evaluated in JavaScript with Java's semantics. Anything
// else is no function: a problem naming the class and the method.
import { describe } from "../kinds.js";
import { problem } from "../problems.js";
import { FeelContext, FeelFunction, type FeelValue } from "../values.js";
import { JAVA_METHODS, type JavaMethod, Thrown } from "./methods.js";
import { canonicalTypeName, JAVA_TYPES, type JavaValue, OBJECT_ARRAY } from "./types.js";

/** `max(double, double)` as the table writes it: `max(double,double)`, each type by its one name. */
export function canonicalSignature(signature: string): string | undefined {
  const m = /^\s*([\p{L}_$][\p{L}\p{N}_$]*)\s*\(([^()]*)\)\s*$/u.exec(signature);
  if (!m) return undefined;
  const types = m[2]!.trim() === "" ? [] : m[2]!.split(",").map((t) => canonicalTypeName(t.trim()));
  return `${m[1]}(${types.join(",")})`;
}

/** The mapped method, or a message saying why there is none (naming the class and the method). */
export function findJavaMethod(className: string, signature: string): JavaMethod | string {
  const methods = Object.hasOwn(JAVA_METHODS, className) ? JAVA_METHODS[className] : undefined;
  if (!methods) return `the Java class ${className} is not one of the mapped classes (${Object.keys(JAVA_METHODS).join(", ")})`;
  const key = canonicalSignature(signature);
  if (key && Object.hasOwn(methods, key)) return methods[key]!;
  const name = key?.slice(0, key.indexOf("(")) ?? signature;
  const same = Object.keys(methods).filter((k) => k.startsWith(`${name}(`));
  return same.length > 0
    ? `${className} has no mapped method ${key ?? signature}; the mapped ${name} methods are ${same.join(", ")}`
    : `${className} has no mapped method named ${name}`;
}

/** The class and method signature of an external function's body (`{java: {class, method signature}}`), if it has that shape. */
function javaMapping(body: FeelValue): { className: string; signature: string } | string {
  const java = body instanceof FeelContext ? body.get("java") : null;
  if (!(java instanceof FeelContext)) {
    return body instanceof FeelContext && body.get("pmml") !== null
      ? "PMML external functions are not supported"
      : `an external function's body is {java: {class: ..., method signature: ...}}, not ${describe(body)}`;
  }
  const [className, signature] = [java.get("class"), java.get("method signature")];
  if (typeof className !== "string" || typeof signature !== "string")
    return "a Java mapping needs a class and a method signature, both strings";
  return { className, signature };
}

function invoke(where: string, m: JavaMethod, args: FeelValue[]): FeelValue {
  const varargs = m.params.at(-1) === OBJECT_ARRAY;
  const fixed = varargs ? m.params.length - 1 : m.params.length;
  if (varargs ? args.length < fixed : args.length !== fixed)
    return problem(`${where} takes ${m.params.length} argument(s), not ${args.length}`);
  const javaArgs: JavaValue[] = [];
  for (let i = 0; i < fixed; i++) {
    const crossing = JAVA_TYPES.get(m.params[i]!)!.toJava(args[i]!);
    if (!crossing.ok) return problem(`${where}: argument ${i + 1}: ${crossing.message}`);
    javaArgs.push(crossing.value);
  }
  if (varargs) javaArgs.push(args.slice(fixed));
  const result = m.impl(...javaArgs);
  if (result instanceof Thrown) return problem(`${where} threw ${result.exception}`);
  const feel = JAVA_TYPES.get(m.result)!.toFeel(result);
  return feel === undefined ? problem(`${where} returned ${String(result)}, which is no FEEL number`) : feel;
}

/**
 * The function value of `function(params) external body`: a mapped Java method, or null with a
 * problem. The parameter names are the FEEL function's (for named calls); the Java method's
 * types convert the arguments.
 */
export function externalFunction(body: FeelValue, params: readonly string[]): FeelFunction | null {
  const mapping = javaMapping(body);
  if (typeof mapping === "string") return problem(mapping);
  const m = findJavaMethod(mapping.className, mapping.signature);
  if (typeof m === "string") return problem(m);
  const where = `${mapping.className}.${canonicalSignature(mapping.signature)}`;
  return new FeelFunction(where, params, (args) => invoke(where, m, args));
}
