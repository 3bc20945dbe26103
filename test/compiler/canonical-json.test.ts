// The canonical JSON that model identities, state hashes and receipt signatures are made of: the
// fast walk must write what the `canonicalize` package writes (or fail as it fails) on any value,
// and, for a receipt, what it writes of the value's JSON text read back.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import canonicalize from "canonicalize";
import { canonicalJson, canonicalJsonOfText, canonicalJsonWithMember } from "../../src/compiler/canonical-json.js";
import { writtenRecord } from "../../src/runtime/json.js";

/** the answer or the error message, so two ways of failing compare too */
const outcome = (f: () => unknown): { value: unknown } | { error: string } => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error).message };
  }
};

const loneSurrogate = fc.constantFrom("\uD800", "a\uDC00b", "\uDBFF");
/** text that JSON.stringify writes with a backslash before "ud", as it writes a lone surrogate */
const escapedLookalike = fc.constantFrom("\\ud800", "a\\\\udc00", "\\\uD800", "\\u", "\\");
/** names an object lists first, by number (array indices and larger integers), and near misses */
const numericName = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom("0", "01", "-1", "1e3", "1.5", "4294967294", "4294967295", "4294967296", "9007199254740993"),
);
const odd = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, undefined, null, 2 ** 70, 1e-7, 5e-324),
  loneSurrogate,
  escapedLookalike,
  fc.date({ noInvalidDate: true }),
  fc.string({ unit: "binary" }),
);
const name = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  loneSurrogate,
  escapedLookalike,
  numericName,
  fc.constantFrom("__proto__", "toJSON", "a"),
);
/** JSON-like trees with the odd leaves, sparse arrays, class instances and toJSON among them */
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: "small" }, fc.jsonValue(), odd, tie("array"), tie("object"), tie("instance"), tie("record"), tie("written")),
  array: fc.oneof(fc.array(tie("tree"), { maxLength: 5 }), fc.sparseArray(tie("tree"), { maxLength: 5 })),
  object: fc.oneof(
    fc.dictionary(name, tie("tree"), { maxKeys: 5 }),
    // more members than the insertion sort takes
    fc.dictionary(name, fc.oneof(fc.jsonValue({ maxDepth: 1 }), odd), { minKeys: 17, maxKeys: 40 }),
  ),
  instance: tie("object").map((o) => Object.assign(new (class Thing {})(), o)),
  record: tie("object").map((o) => Object.assign(Object.create(null) as object, o)),
  // a receipt's records: no fields to inherit, fast properties (runtime/json.ts)
  written: tie("object").map((o) => Object.assign(writtenRecord(), o)),
}));

const anything = fc.anything({
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withBigInt: true,
  withDate: true,
  withSparseArray: true,
  withNullPrototype: true,
  withObjectString: true,
  withUnicodeString: true,
});

describe("canonical JSON", () => {
  it("is what canonicalize writes, on any value", () => {
    fc.assert(
      fc.property(fc.oneof(tree, anything), (v) => {
        expect(outcome(() => canonicalJson(v))).toEqual(outcome(() => canonicalize(v)));
      }),
      { numRuns: 3000 },
    );
  });

  it("of a value's text is what canonicalize writes of JSON.parse(JSON.stringify(value))", () => {
    fc.assert(
      fc.property(fc.oneof(tree, anything), (v) => {
        const viaText = () => {
          const text = JSON.stringify(v);
          return text === undefined ? undefined : canonicalize(JSON.parse(text));
        };
        expect(outcome(() => canonicalJsonOfText(v))).toEqual(outcome(viaText));
      }),
      { numRuns: 3000 },
    );
  });

  it("sorts members by UTF-16 code units and writes numbers as ECMAScript does (RFC 8785 examples)", () => {
    const value = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    expect(canonicalJson(value)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    expect(canonicalJson([333333333.3333333, 1e30, 4.5, 2e-3, 0.000000000000000000000000001, -0])).toBe(
      "[333333333.3333333,1e+30,4.5,0.002,1e-27,0]",
    );
  });

  it("writes member names as canonicalize does however many names it has seen before, long ones and ones it has forgotten", () => {
    // the names written are remembered up to a bound, then forgotten all at once: values with more
    // distinct names than that, names past the length remembered, and names seen again after
    const longName = fc.string({ minLength: 120, maxLength: 140 });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: "binary" }), longName, numericName), { minLength: 1, maxLength: 8 }),
        fc.nat({ max: 6000 }),
        (seen, fresh) => {
          const many: Record<string, number> = {};
          for (let i = 0; i < fresh; i++) many[`name ${i}`] = i;
          for (const v of [many, Object.fromEntries(seen.map((k, i) => [k, { [k]: i }])), many]) {
            expect(outcome(() => canonicalJson(v))).toEqual(outcome(() => canonicalize(v)));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("refuses a cycle as canonicalize does, instead of overflowing the stack", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { again: cycle };
    expect(outcome(() => canonicalJson(cycle))).toEqual({ error: "Circular reference detected" });
  });
});

describe("canonical JSON with a member written before", () => {
  it("is canonicalJsonOfText of the object with the member, or undefined where that takes the general path", () => {
    fc.assert(
      fc.property(fc.oneof(tree, anything), name, fc.jsonValue(), (object, key, member) => {
        const written = canonicalJsonWithMember(object as object, key, canonicalJson(member)!);
        const whole =
          object !== null && typeof object === "object" && !Object.hasOwn(object, key) ? { ...object, [key]: member } : undefined;
        if (written !== undefined) expect(written).toBe(canonicalJsonOfText(whole));
      }),
      { numRuns: 3000 },
    );
  });

  it("writes a plain object's members around the given one in sorted order", () => {
    const receipt = { model: "m", given: { b: 1, a: [2, "x"] }, answers: { z: true }, latency_ms: 3, skipped: undefined };
    const billing = { currency: "USD", cost_usd: 0.5 };
    expect(canonicalJsonWithMember(receipt, "billing", canonicalJson(billing)!)).toBe(canonicalJsonOfText({ ...receipt, billing }));
    expect(canonicalJsonWithMember({}, "billing", "1")).toBe('{"billing":1}');
    expect(canonicalJsonWithMember({ zz: 1 }, "billing", "1")).toBe('{"billing":1,"zz":1}');
    expect(canonicalJsonWithMember({ billing: 2 }, "billing", "1")).toBeUndefined();
  });
});
