// The java.lang methods an external function may name, with Java's semantics (docs/java-externals.md).
// Expected values are Java's documented behaviour (the Javadoc of Integer.parseInt, Double.toString,
// Math.round, the *Exact methods, Formatter) or independent oracles: BigInt for integer ranges and
// floor division, JavaScript's Number for the round trip of shortest digits.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { externalFunction, findJavaMethod, canonicalSignature } from "../../src/runtime/java/index.js";
import { JAVA_METHODS } from "../../src/runtime/java/methods.js";
import { parseJavaDouble, parseJavaInteger } from "../../src/runtime/java/parse.js";
import { javaFloatingToString, javaFormat } from "../../src/runtime/java/text.js";
import { JAVA_TYPES } from "../../src/runtime/java/types.js";
import { call, collectProblems, FeelContext, type FeelValue } from "../../src/runtime/index.js";
import { n, show } from "./helpers.js";

const mapping = (cls: string, signature: string): FeelValue =>
  FeelContext.of({ java: FeelContext.of({ class: cls, "method signature": signature }) });

/** Calls `cls.signature` as an external function; the result as FEEL text plus the problems. */
function javaCall(cls: string, signature: string, ...args: FeelValue[]): { result: string; problems: string[] } {
  const { result, problems } = collectProblems(() => {
    const f = externalFunction(
      mapping(cls, signature),
      args.map((_, i) => `p${i}`),
    );
    return f === null ? null : call(f, args);
  });
  return { result: show(result), problems };
}
const value = (cls: string, signature: string, ...args: FeelValue[]) => javaCall(cls, signature, ...args).result;

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

describe("the mapped methods", () => {
  it("are keyed by their canonical signature and use only the known Java types", () => {
    for (const [cls, methods] of Object.entries(JAVA_METHODS)) {
      for (const [key, m] of Object.entries(methods)) {
        expect(canonicalSignature(`${key.slice(0, key.indexOf("("))}(${m.params.join(", ")})`), `${cls}.${key}`).toBe(key);
        for (const t of m.params.filter((p) => !p.startsWith("["))) expect(JAVA_TYPES.has(t), `${cls}.${key}: ${t}`).toBe(true);
        expect(JAVA_TYPES.has(m.result), `${cls}.${key}: ${m.result}`).toBe(true);
      }
    }
  });

  it("are found with the signature spelt with spaces, short type names or Object[] for varargs", () => {
    expect(typeof findJavaMethod("java.lang.Math", " max( double ,  double ) ")).toBe("object");
    expect(typeof findJavaMethod("java.lang.String", "format(String, Object[])")).toBe("object");
    expect(typeof findJavaMethod("java.lang.String", "format(java.lang.String, [Ljava.lang.Object;)")).toBe("object");
  });

  it.each([
    ["java.lang.Foo", "valueOf(double)", /java\.lang\.Foo is not one of the mapped classes/],
    ["java.lang.Math", "foo(double)", /java\.lang\.Math has no mapped method named foo/],
    [
      "java.lang.Math",
      "max(java.lang.String, java.lang.String)",
      /no mapped method max\(java\.lang\.String,java\.lang\.String\); the mapped max methods are max\(int,int\)/,
    ],
    ["java.lang.System", "exit(int)", /java\.lang\.System is not one of the mapped classes/],
  ])("%s.%s: no function, a problem naming the class and the method", (cls, signature, message) => {
    const { result, problems } = javaCall(cls, signature, n(1));
    expect(result).toBe("null");
    expect(problems.join("\n")).toMatch(message);
  });

  it("is no function for a body of another shape, or a PMML one", () => {
    for (const body of [FeelContext.of({ pmml: FeelContext.of({ document: "d" }) }), FeelContext.of({ java: "x" }), "java.lang.Math"]) {
      const { result, problems } = collectProblems(() => externalFunction(body, ["a"]));
      expect(result).toBeNull();
      expect(problems).toHaveLength(1);
    }
  });
});

describe("FEEL values crossing into Java types", () => {
  it("int, short, byte, long: an integer in the type's range, else null with a problem (no truncation, no wrapping)", () => {
    const ranges: [string, string, bigint, bigint][] = [
      ["java.lang.Integer", "int", INT_MIN, INT_MAX],
      ["java.lang.Short", "short", -32768n, 32767n],
      ["java.lang.Byte", "byte", -128n, 127n],
      ["java.lang.Long", "long", LONG_MIN, LONG_MAX],
    ];
    for (const [cls, type, min, max] of ranges) {
      fc.assert(
        fc.property(fc.bigInt({ min: min * 2n, max: max * 2n }), (b) => {
          const { result, problems } = javaCall(cls, `valueOf(${type})`, n(b.toString()));
          const inRange = b >= min && b <= max;
          expect(result).toBe(inRange ? b.toString() : "null");
          expect(problems.length).toBe(inRange ? 0 : 1);
        }),
        { numRuns: 50 },
      );
      expect(value(cls, `valueOf(${type})`, n("1.5"))).toBe("null");
      expect(value(cls, `valueOf(${type})`, "1")).toBe("null");
    }
  });

  it("char: a string of exactly one UTF-16 unit", () => {
    expect(value("java.lang.String", "valueOf(char)", "a")).toBe('"a"');
    expect(value("java.lang.String", "valueOf(char)", "abc")).toBe("null");
    expect(value("java.lang.String", "valueOf(char)", "😀")).toBe("null");
    expect(value("java.lang.String", "valueOf(char)", "")).toBe("null");
  });

  it("double results: the shortest decimal that reads back (BigDecimal.valueOf); NaN and infinities are null", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }), (x) => {
        const r = value("java.lang.Double", "valueOf(java.lang.String)", String(x));
        expect(Number(r)).toBe(x === 0 ? 0 : x);
      }),
    );
    expect(value("java.lang.Math", "sqrt(double)", n(-1))).toBe("null");
    expect(value("java.lang.Double", "valueOf(java.lang.String)", "Infinity")).toBe("null");
    expect(value("java.lang.Double", "parseDouble(java.lang.String)", "1e400")).toBe("null");
  });

  it("float results: the shortest decimal that reads back as that float", () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const r = value("java.lang.Float", "valueOf(float)", n(String(x)));
        // FEEL has no negative zero: -0.0 comes back as 0
        expect(Math.fround(Number(r))).toBe(Math.fround(x) + 0);
        expect(n(r).sd(), r).toBeLessThanOrEqual(9);
      }),
    );
    expect(value("java.lang.Float", "valueOf(java.lang.String)", "1234.56")).toBe("1234.56");
    expect(value("java.lang.Math", "max(float,float)", n("123.46"), n("456.78"))).toBe("456.78");
  });
});

describe("Integer.parseInt and its siblings", () => {
  it("read an optional sign and decimal digits, within the type's range (BigInt oracle)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: LONG_MIN * 4n, max: LONG_MAX * 4n }), fc.constantFrom("", "+"), (b, plus) => {
        const text = b < 0n ? b.toString() : plus + b.toString();
        expect(parseJavaInteger(text, INT_MIN, INT_MAX)).toBe(b >= INT_MIN && b <= INT_MAX ? b : undefined);
        expect(parseJavaInteger(text, LONG_MIN, LONG_MAX)).toBe(b >= LONG_MIN && b <= LONG_MAX ? b : undefined);
      }),
    );
  });

  it("accept every Unicode decimal digit, as Character.digit does, and nothing else", () => {
    expect(parseJavaInteger("١٢٣", INT_MIN, INT_MAX)).toBe(123n); // Arabic-Indic
    expect(parseJavaInteger("-४२", INT_MIN, INT_MAX)).toBe(-42n); // Devanagari
    expect(parseJavaInteger("𝟗𝟗", INT_MIN, INT_MAX)).toBe(99n); // mathematical bold digits
    for (const bad of ["", "-", "+", " 1", "1 ", "1_000", "0x10", "1.0", "1e3", "++1", "٣-"]) {
      expect(parseJavaInteger(bad, INT_MIN, INT_MAX), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it("as external functions: valueOf(String) and parseX(String) answer the number or null with NumberFormatException", () => {
    expect(value("java.lang.Integer", "valueOf(java.lang.String)", "123")).toBe("123");
    expect(value("java.lang.Long", "parseLong(java.lang.String)", "-9223372036854775808")).toBe("-9223372036854775808");
    expect(javaCall("java.lang.Short", "parseShort(java.lang.String)", "40000").problems.join()).toMatch(/NumberFormatException/);
    expect(value("java.lang.Byte", "parseByte(java.lang.String)", "-128")).toBe("-128");
  });
});

describe("Double.parseDouble", () => {
  it("reads back every double's JavaScript and Java spelling, with blanks, suffixes and exponents", () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }),
        fc.constantFrom("", "d", "D", "f", "F"),
        fc.constantFrom("", " ", "\t\n"),
        (x, suffix, blank) => {
          const text = `${blank}${String(x)}${Number.isFinite(x) ? suffix : ""}${blank}`;
          // JavaScript's own reading of its spelling is the oracle (String(-0) is "0")
          expect(parseJavaDouble(text)).toBe(Number(String(x)));
          expect(parseJavaDouble(javaFloatingToString(x, false))).toBe(x);
        },
      ),
    );
  });

  it("reads hexadecimal significands with binary exponents, NaN, and signs; rejects what Java rejects", () => {
    expect(parseJavaDouble("0x1.8p1")).toBe(3);
    expect(parseJavaDouble("-0X.8P0")).toBe(-0.5);
    expect(parseJavaDouble("0x10p-4d")).toBe(1);
    expect(parseJavaDouble("NaN")).toBeNaN();
    expect(parseJavaDouble("-Infinity")).toBe(-Infinity);
    expect(parseJavaDouble(".5")).toBe(0.5);
    expect(parseJavaDouble("5.")).toBe(5);
    for (const bad of ["", ".", "e5", "1e", "0x1.8", "1_0", "infinity", "nan", "1.0.0", "--1", "1e5.5", "0x", "0xp1"]) {
      expect(parseJavaDouble(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe("Double.toString and Float.toString", () => {
  it("write the documented forms", () => {
    const cases: [number, boolean, string][] = [
      [1, false, "1.0"],
      [100, false, "100.0"],
      [0.001, false, "0.001"],
      [0.0001, false, "1.0E-4"],
      [1e7, false, "1.0E7"],
      [9999999, false, "9999999.0"],
      [123456789, false, "1.23456789E8"],
      [-1.5e-10, false, "-1.5E-10"],
      [-0, false, "-0.0"],
      [NaN, false, "NaN"],
      [-Infinity, false, "-Infinity"],
      [Math.fround(1.1), true, "1.1"],
      [Math.fround(0.1), true, "0.1"],
      [Math.fround(3.4e38), true, "3.4E38"],
    ];
    for (const [x, isFloat, text] of cases) expect(javaFloatingToString(x, isFloat), String(x)).toBe(text);
  });

  it("read back, plain from 10^-3 to 10^7 and in E notation elsewhere", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = javaFloatingToString(x, false);
        expect(Number(text)).toBe(x);
        const plain = Math.abs(x) >= 1e-3 && Math.abs(x) < 1e7;
        expect(/E-?\d+$/.test(text), text).toBe(!plain && x !== 0);
      }),
    );
  });
});

describe("java.lang.Math", () => {
  it("round(double): floor(x + 1/2) computed exactly, NaN 0, saturating at the long range", () => {
    expect(value("java.lang.Math", "round(double)", n("2.5"))).toBe("3");
    expect(value("java.lang.Math", "round(double)", n("-2.5"))).toBe("-2");
    expect(value("java.lang.Math", "round(double)", n("0.49999999999999994"))).toBe("0");
    expect(value("java.lang.Math", "round(double)", n("4503599627370497"))).toBe("4503599627370497");
    expect(value("java.lang.Math", "round(double)", n("1e20"))).toBe(LONG_MAX.toString());
    expect(value("java.lang.Math", "round(float)", n("-1e20"))).toBe(INT_MIN.toString());
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (x) => {
        const r = Number(value("java.lang.Math", "round(double)", n(String(x))));
        // doubles below 2^52 represent r ± 1/2 exactly: the nearest integer, halves upward
        expect(r - 0.5 <= x && x < r + 0.5, `${x} → ${r}`).toBe(true);
      }),
    );
  });

  it("int and long arithmetic wraps where Java wraps and throws where the *Exact methods throw", () => {
    expect(value("java.lang.Math", "abs(int)", n(INT_MIN.toString()))).toBe(INT_MIN.toString());
    expect(value("java.lang.Math", "abs(long)", n(LONG_MIN.toString()))).toBe(LONG_MIN.toString());
    fc.assert(
      fc.property(fc.bigInt({ min: INT_MIN, max: INT_MAX }), fc.bigInt({ min: INT_MIN, max: INT_MAX }), (a, b) => {
        for (const [sig, exact] of [
          ["addExact(int,int)", a + b],
          ["subtractExact(int,int)", a - b],
          ["multiplyExact(int,int)", a * b],
        ] as const) {
          const { result, problems } = javaCall("java.lang.Math", sig, n(a.toString()), n(b.toString()));
          const fits = exact >= INT_MIN && exact <= INT_MAX;
          expect(result).toBe(fits ? exact.toString() : "null");
          if (!fits) expect(problems.join()).toMatch(/ArithmeticException/);
        }
      }),
    );
  });

  it("floorDiv and floorMod: the quotient rounded toward negative infinity, a remainder with the divisor's sign", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: LONG_MIN, max: LONG_MAX }), fc.bigInt({ min: -1000n, max: 1000n }), (a, b) => {
        const [q, m] = [
          value("java.lang.Math", "floorDiv(long,long)", n(a.toString()), n(b.toString())),
          value("java.lang.Math", "floorMod(long,long)", n(a.toString()), n(b.toString())),
        ];
        if (b === 0n) {
          expect([q, m]).toEqual(["null", "null"]);
          return;
        }
        const [Q, M] = [BigInt(q), BigInt(m)];
        if (!(a === LONG_MIN && b === -1n)) expect(Q * b + M).toBe(a);
        expect(M === 0n || M < 0n === b < 0n).toBe(true);
        expect(M < 0n ? -M : M).toBeLessThan(b < 0n ? -b : b);
      }),
    );
  });

  it("max and min: by type, NaN wins in floating point", () => {
    expect(value("java.lang.Math", "max(int,int)", n(123), n(456))).toBe("456");
    expect(value("java.lang.Math", "min(long,long)", n(LONG_MIN.toString()), n(0))).toBe(LONG_MIN.toString());
    expect(value("java.lang.Math", "max(double,double)", n("123.45"), n("456.78"))).toBe("456.78");
  });
});

describe("String.format", () => {
  it("formats the conversions a model uses", () => {
    const cases: [string, FeelValue[], string][] = [
      ["foo %s", ["bar"], "foo bar"],
      ["%s|%S|%b|%b", [n("1.50"), "ab", null, "x"], "1.5|AB|false|true"],
      ["%5s|%-5s|%.2s", ["ab", "ab", "abc"], "   ab|ab   |ab"],
      ["%d %,d %+d %05d", [n(42), n(1234567), n(3), n(-42)], "42 1,234,567 +3 -0042"],
      ["%.2f %f %8.3f", [n("2.345"), n(1), n("-3.14159")], "2.35 1.000000   -3.142"],
      ["%2$s %1$s%n%%", ["a", "b"], "b a\n%"],
    ];
    for (const [format, args, text] of cases) expect(javaFormat(format, args), format).toBe(text);
  });

  it("is an IllegalFormatException (null) for a missing argument, an unknown conversion or a mismatched argument", () => {
    for (const [format, args] of [
      ["%s %s", ["a"]],
      ["%q", ["a"]],
      ["100%", []],
      ["%d", [n("1.5")]],
      ["%f", ["x"]],
    ] as [string, FeelValue[]][])
      expect(javaFormat(format, args), format).toBeUndefined();
    expect(javaCall("java.lang.String", "format(java.lang.String, [Ljava.lang.Object;)", "%d", "x").problems.join()).toMatch(
      /IllegalFormatException/,
    );
  });

  it("takes the arguments after the format as its varargs", () => {
    expect(value("java.lang.String", "format(java.lang.String, [Ljava.lang.Object;)", "%s-%s-%s", "a", n(2), true)).toBe('"a-2-true"');
    expect(value("java.lang.String", "format(java.lang.String, [Ljava.lang.Object;)", "none")).toBe('"none"');
  });
});
