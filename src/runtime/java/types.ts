// The Java types a mapped method signature may name, and how a FEEL value crosses into each and
// a Java result comes back (DMN 1.5, 10.3.2.13.3 external functions; the choices are documented
// in docs/java-externals.md). In JavaScript: int, short, byte, float and double are numbers, long
// a bigint, char a one-unit string.
import { Decimal, isDecimal } from "../decimal.js";
import { describe } from "../kinds.js";
import type { FeelValue } from "../values.js";

export type JavaValue = number | bigint | string | boolean | FeelValue;

/** A FEEL value as a Java argument, or a message saying why it cannot be one. */
type Crossing = { ok: true; value: JavaValue } | { ok: false; message: string };

export interface JavaType {
  /** the name in a method signature (`int`, `java.lang.String`) */
  name: string;
  toJava(v: FeelValue): Crossing;
  /** a Java result as a FEEL value; undefined when FEEL has no such value (NaN, infinities) */
  toFeel(v: JavaValue): FeelValue | undefined;
}

const ok = (value: JavaValue): Crossing => ({ ok: true, value });
const no = (v: FeelValue, want: string): Crossing => ({ ok: false, message: `${describe(v)} is not ${want}` });

/** A Java integral type of `bits` bits: a FEEL integer in its range (no truncation, no wrapping). */
function integral(name: string, bits: 8 | 16 | 32): JavaType {
  const max = 2 ** (bits - 1);
  return {
    name,
    toJava: (v) =>
      isDecimal(v) && v.isInteger() && v.gte(-max) && v.lt(max)
        ? ok(v.toNumber())
        : no(v, `a Java ${name} (an integer from ${-max} to ${max - 1})`),
    toFeel: (v) => new Decimal(v as number),
  };
}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

const long: JavaType = {
  name: "long",
  toJava(v) {
    if (!isDecimal(v) || !v.isInteger()) return no(v, "a Java long (an integer)");
    const b = BigInt(v.toFixed());
    return b >= LONG_MIN && b <= LONG_MAX ? ok(b) : no(v, "a Java long (an integer from -2^63 to 2^63-1)");
  },
  toFeel: (v) => new Decimal((v as bigint).toString()),
};

/** The shortest decimal digits that read back as `x` in the given precision (Java's Double.toString / Float.toString digits). */
export function shortestDigits(x: number, isFloat: boolean): string {
  if (!isFloat) return x.toExponential();
  for (let p = 1; p < 17; p++) {
    const s = x.toExponential(p - 1);
    if (Math.fround(Number(s)) === x) return s;
  }
  return x.toExponential();
}

function floating(name: "double" | "float"): JavaType {
  const isFloat = name === "float";
  return {
    name,
    toJava: (v) => (isDecimal(v) ? ok(isFloat ? Math.fround(v.toNumber()) : v.toNumber()) : no(v, `a Java ${name} (a number)`)),
    // BigDecimal.valueOf: the decimal Java's toString prints, which is the shortest that reads back
    toFeel: (v) => (Number.isFinite(v) ? new Decimal(Object.is(v, -0) ? 0 : shortestDigits(v as number, isFloat)) : undefined),
  };
}

const string: JavaType = {
  name: "java.lang.String",
  toJava: (v) => (typeof v === "string" ? ok(v) : no(v, "a string")),
  toFeel: (v) => v as string,
};

const char: JavaType = {
  name: "char",
  // one UTF-16 code unit: a character outside the Basic Multilingual Plane is no Java char
  toJava: (v) => (typeof v === "string" && v.length === 1 ? ok(v) : no(v, "a Java char (a string of one character)")),
  toFeel: (v) => v as string,
};

const boolean: JavaType = {
  name: "boolean",
  toJava: (v) => (typeof v === "boolean" ? ok(v) : no(v, "a boolean")),
  toFeel: (v) => v as boolean,
};

/** java.lang.Object: any FEEL value as it is (a number is a java.math.BigDecimal). */
const object: JavaType = { name: "java.lang.Object", toJava: (v) => ok(v), toFeel: (v) => v as FeelValue };

/** Object varargs (`[Ljava.lang.Object;`): the remaining FEEL arguments as they are. */
export const OBJECT_ARRAY = "[Ljava.lang.Object;";

export const JAVA_TYPES: ReadonlyMap<string, JavaType> = new Map(
  [
    integral("int", 32),
    integral("short", 16),
    integral("byte", 8),
    long,
    floating("double"),
    floating("float"),
    char,
    boolean,
    string,
    object,
  ].map((t) => [t.name, t]),
);

/** `String` and `java.lang.String`, `Object[]` and `[Ljava.lang.Object;`: the one name each type has here. */
export function canonicalTypeName(name: string): string {
  if (name === "java.lang.Object[]" || name === "Object[]" || name === "java.lang.Object..." || name === "Object...") return OBJECT_ARRAY;
  return /^(String|Object)$/.test(name) ? `java.lang.${name}` : name;
}
