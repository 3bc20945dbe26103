// The mapped java.lang methods: class → signature → parameter types, result type and a JavaScript
// implementation with Java's semantics (docs/java-externals.md says where they are subtle).
// Signatures are written as Java prints them, without spaces: `max(double,double)`.
import type { FeelValue } from "../values.js";
import { parseJavaBoolean, parseJavaDouble, parseJavaInteger } from "./parse.js";
import { javaFloatingToString, javaFormat } from "./text.js";
import { OBJECT_ARRAY, type JavaValue } from "./types.js";

/** What a method throws instead of returning (the call is null, with a problem naming the exception). */
export class Thrown {
  constructor(readonly exception: string) {}
}

export interface JavaMethod {
  params: readonly string[];
  result: string;
  impl: (...args: JavaValue[]) => JavaValue | Thrown;
}

const method = (params: string[], result: string, impl: (...args: never[]) => JavaValue | Thrown): JavaMethod => ({
  params,
  result,
  impl: impl as JavaMethod["impl"],
});

const INT = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const LONG = [-(2n ** 63n), 2n ** 63n - 1n] as const;
const SHORT = [-(2n ** 15n), 2n ** 15n - 1n] as const;
const BYTE = [-128n, 127n] as const;

const overflow = new Thrown("ArithmeticException: integer overflow");
const notANumber = (s: string) => new Thrown(`NumberFormatException: For input string: "${s}"`);

/** int arithmetic wraps at 32 bits, long at 64 (Java's two's complement) */
const wrapInt = (v: number): number => v | 0;
const wrapLong = (v: bigint): bigint => BigInt.asIntN(64, v);
/** *Exact methods: the true result when it fits, else ArithmeticException */
const exactInt = (v: number): number | Thrown => (v >= -(2 ** 31) && v < 2 ** 31 ? v : overflow);
const exactLong = (v: bigint): bigint | Thrown => (v >= LONG[0] && v <= LONG[1] ? v : overflow);

/** Integer.parseInt and its siblings, as the type's JavaScript value */
const parser =
  ([min, max]: readonly [bigint, bigint], asNumber: boolean) =>
  (s: string): number | bigint | Thrown => {
    const v = parseJavaInteger(s, min, max);
    return v === undefined ? notANumber(s) : asNumber ? Number(v) : v;
  };

const parseDouble = (s: string): number | Thrown => parseJavaDouble(s) ?? notANumber(s);
const parseFloat = (s: string): number | Thrown => {
  const d = parseJavaDouble(s);
  return d === undefined ? notANumber(s) : Math.fround(d);
};

/**
 * floor(x + 0.5) computed exactly: the fraction x - floor(x) is exact in doubles, where x + 0.5
 * itself can round (0.49999999999999994 + 0.5 is 1, and 2^52 + 1 + 0.5 rounds to even).
 */
function halfUp(x: number): number {
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

/** Math.round(double): floor(x + 0.5) as a long, saturating at the long range (a FEEL number is never NaN). */
function roundDouble(x: number): bigint {
  const v = halfUp(x);
  if (v >= 2 ** 63) return LONG[1];
  if (v <= -(2 ** 63)) return LONG[0];
  return BigInt(v);
}

/** Math.round(float): the same in the int range. */
const roundFloat = (x: number): number => Math.min(Math.max(halfUp(x), -(2 ** 31)), 2 ** 31 - 1);

const floorDivLong = (a: bigint, b: bigint): bigint | Thrown => {
  if (b === 0n) return new Thrown("ArithmeticException: / by zero");
  const q = a / b;
  return wrapLong(a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q);
};
const floorModLong = (a: bigint, b: bigint): bigint | Thrown => {
  if (b === 0n) return new Thrown("ArithmeticException: / by zero");
  const m = a % b;
  return m !== 0n && m < 0n !== b < 0n ? m + b : m;
};
const viaLong = (f: (a: bigint, b: bigint) => bigint | Thrown) => (a: number, b: number) => {
  const r = f(BigInt(a), BigInt(b));
  return r instanceof Thrown ? r : wrapInt(Number(r));
};

const unary = (f: (x: number) => number) => method(["double"], "double", f);
const abs =
  <T extends number | bigint>(wrap: (v: T) => T) =>
  (x: T) =>
    wrap((x < 0 ? -x : x) as T);

// JavaScript's Math.max and min agree with Java's on doubles (-0.0 below 0.0) and on ints
const MATH: Record<string, JavaMethod> = {
  "abs(int)": method(["int"], "int", abs(wrapInt)),
  "abs(long)": method(["long"], "long", abs(wrapLong)),
  "abs(float)": method(["float"], "float", Math.abs),
  "abs(double)": method(["double"], "double", Math.abs),
  "max(int,int)": method(["int", "int"], "int", Math.max),
  "max(long,long)": method(["long", "long"], "long", (a: bigint, b: bigint) => (a > b ? a : b)),
  "max(float,float)": method(["float", "float"], "float", Math.max),
  "max(double,double)": method(["double", "double"], "double", Math.max),
  "min(int,int)": method(["int", "int"], "int", Math.min),
  "min(long,long)": method(["long", "long"], "long", (a: bigint, b: bigint) => (a < b ? a : b)),
  "min(float,float)": method(["float", "float"], "float", Math.min),
  "min(double,double)": method(["double", "double"], "double", Math.min),
  "addExact(int,int)": method(["int", "int"], "int", (a: number, b: number) => exactInt(a + b)),
  "addExact(long,long)": method(["long", "long"], "long", (a: bigint, b: bigint) => exactLong(a + b)),
  "subtractExact(int,int)": method(["int", "int"], "int", (a: number, b: number) => exactInt(a - b)),
  "subtractExact(long,long)": method(["long", "long"], "long", (a: bigint, b: bigint) => exactLong(a - b)),
  "multiplyExact(int,int)": method(["int", "int"], "int", (a: number, b: number) => exactInt(Number(BigInt(a) * BigInt(b)))),
  "multiplyExact(long,long)": method(["long", "long"], "long", (a: bigint, b: bigint) => exactLong(a * b)),
  "negateExact(int)": method(["int"], "int", (a: number) => exactInt(-a)),
  "negateExact(long)": method(["long"], "long", (a: bigint) => exactLong(-a)),
  "floorDiv(int,int)": method(["int", "int"], "int", viaLong(floorDivLong)),
  "floorDiv(long,long)": method(["long", "long"], "long", floorDivLong),
  "floorMod(int,int)": method(["int", "int"], "int", viaLong(floorModLong)),
  "floorMod(long,long)": method(["long", "long"], "long", floorModLong),
  "round(double)": method(["double"], "long", roundDouble),
  "round(float)": method(["float"], "int", roundFloat),
  "signum(double)": method(["double"], "double", Math.sign),
  "signum(float)": method(["float"], "float", Math.sign),
  "pow(double,double)": method(["double", "double"], "double", Math.pow),
  "atan2(double,double)": method(["double", "double"], "double", Math.atan2),
  "hypot(double,double)": method(["double", "double"], "double", Math.hypot),
  "sqrt(double)": unary(Math.sqrt),
  "cbrt(double)": unary(Math.cbrt),
  "exp(double)": unary(Math.exp),
  "log(double)": unary(Math.log),
  "log10(double)": unary(Math.log10),
  "sin(double)": unary(Math.sin),
  "cos(double)": unary(Math.cos),
  "tan(double)": unary(Math.tan),
  "asin(double)": unary(Math.asin),
  "acos(double)": unary(Math.acos),
  "atan(double)": unary(Math.atan),
  "sinh(double)": unary(Math.sinh),
  "cosh(double)": unary(Math.cosh),
  "tanh(double)": unary(Math.tanh),
  "floor(double)": unary(Math.floor),
  "ceil(double)": unary(Math.ceil),
  // rint: the nearest integer, ties to even
  "rint(double)": unary((x) => (Math.abs(x % 1) === 0.5 ? 2 * Math.round(x / 2) : Math.round(x))),
  "toDegrees(double)": unary((x) => (x * 180) / Math.PI),
  "toRadians(double)": unary((x) => (x / 180) * Math.PI),
};

/** valueOf and parseX of the integral wrappers: the same parser, the type's result */
function integralWrapper(type: string, range: readonly [bigint, bigint]): Record<string, JavaMethod> {
  const parse = parser(range, type !== "long");
  const name = { int: "Int", long: "Long", short: "Short", byte: "Byte" }[type]!;
  return {
    [`valueOf(${type})`]: method([type], type, (x: number | bigint) => x),
    "valueOf(java.lang.String)": method(["java.lang.String"], type, parse),
    [`parse${name}(java.lang.String)`]: method(["java.lang.String"], type, parse),
    [`toString(${type})`]: method([type], "java.lang.String", (x: number | bigint) => String(x)),
  };
}

function floatingWrapper(type: "double" | "float"): Record<string, JavaMethod> {
  const parse = type === "double" ? parseDouble : parseFloat;
  const name = type === "double" ? "Double" : "Float";
  return {
    [`valueOf(${type})`]: method([type], type, (x: number) => x),
    "valueOf(java.lang.String)": method(["java.lang.String"], type, parse),
    [`parse${name}(java.lang.String)`]: method(["java.lang.String"], type, parse),
    [`toString(${type})`]: method([type], "java.lang.String", (x: number) => javaFloatingToString(x, type === "float")),
  };
}

const STRING: Record<string, JavaMethod> = {
  "valueOf(char)": method(["char"], "java.lang.String", (c: string) => c),
  "valueOf(int)": method(["int"], "java.lang.String", String),
  "valueOf(long)": method(["long"], "java.lang.String", String),
  "valueOf(boolean)": method(["boolean"], "java.lang.String", String),
  "valueOf(double)": method(["double"], "java.lang.String", (x: number) => javaFloatingToString(x, false)),
  "valueOf(float)": method(["float"], "java.lang.String", (x: number) => javaFloatingToString(x, true)),
  [`format(java.lang.String,${OBJECT_ARRAY})`]: method(
    ["java.lang.String", OBJECT_ARRAY],
    "java.lang.String",
    (f: string, args: FeelValue[]) => javaFormat(f, args) ?? new Thrown("IllegalFormatException"),
  ),
};

const BOOLEAN: Record<string, JavaMethod> = {
  "parseBoolean(java.lang.String)": method(["java.lang.String"], "boolean", parseJavaBoolean),
  "valueOf(java.lang.String)": method(["java.lang.String"], "boolean", parseJavaBoolean),
  "valueOf(boolean)": method(["boolean"], "boolean", (b: boolean) => b),
  "toString(boolean)": method(["boolean"], "java.lang.String", String),
};

export const JAVA_METHODS: Readonly<Record<string, Readonly<Record<string, JavaMethod>>>> = {
  "java.lang.Math": MATH,
  "java.lang.String": STRING,
  "java.lang.Integer": integralWrapper("int", INT),
  "java.lang.Long": integralWrapper("long", LONG),
  "java.lang.Short": integralWrapper("short", SHORT),
  "java.lang.Byte": integralWrapper("byte", BYTE),
  "java.lang.Double": floatingWrapper("double"),
  "java.lang.Float": floatingWrapper("float"),
  "java.lang.Boolean": BOOLEAN,
};
