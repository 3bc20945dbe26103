// Filters, count(l[c]) and some/every over an input declared as a list of structs test their
// conditions on the raw JSON items (codegen/raw-items.ts), as doubles where that is exact; count(l),
// projections l.f, an index l[i] and the loops `for r in l` (their bodies' r.f, certified doubles
// included) read the raw array, and the list is converted only when FEEL code needs it (item by
// item for the items a filter keeps), at once when problems are heard. Random
// conditions on random lists — numbers at the edges of doubles (-0, the smallest and largest, long
// fractions, integers past 2^53), fields missing, null or of another kind, NaN and infinities, items
// that are null, arrays, objects without a prototype or of a class, entries named `not`, `item` or
// `__proto__` or `date`, values no FEEL value is read from (a bigint, "1e999"), dates valid or not
// (leap days, date-times, signed and long years) compared as day numbers — must give what the
// unoptimised module (-O0, which has no raw path) gives: the same values, the same problems, and
// the same steps charged against a budget, with problems heard and without.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached } from "../../../src/compiler/index.js";
import { collectProblems } from "../../../src/runtime/problems.js";
import { valuesWithin } from "../../support/within-steps.js";

const inputs = {
  rows: {
    type: [
      {
        a: "number",
        b: "boolean",
        c: "number",
        length: "number",
        ["__proto__"]: "number",
        s: "string",
        k: "x|y|z",
        l: "low<mid<high",
        d: "date",
        f: "date",
      },
    ],
    desc: "rows",
  },
  n: { type: "number", desc: "n" },
  w: { type: "string", desc: "a text" },
  t: { type: "boolean", desc: "t" },
  e: { type: "number", desc: "a nudge" },
  day: { type: "date", desc: "a day" },
};

/** Number literals: shortest forms of doubles (compared as doubles), and others (left to decimals). */
const literal = fc.constantFrom(
  "0",
  "-0",
  "1",
  "-2",
  "0.1",
  "0.3",
  "1.5",
  "18",
  "0.0000001",
  "1000000000000000000000",
  "9007199254740992",
  "0.30000000000000004",
  // not the shortest form of a double: the decimal path judges them
  "9007199254740993",
  "0.1000000000000000055511151231257827",
  "123456789.123456789",
);
const op = fc.constantFrom("<", "<=", ">", ">=", "=", "!=");
/** String literals as FEEL text: equal to generated field values or not, escapes included. */
const word = fc.constantFrom('""', '"x"', '"y"', '"a"', '"ab"', '"\\u00e9"', '"\\""', '"z"');
const words = fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(", "));
/** Date literals as FEEL text, on and either side of the items' dates; one that is no date (left to FEEL). */
const day = fc.constantFrom("2024-02-28", "2024-02-29", "2024-03-01", "2023-12-31", "1970-01-01", "-0001-12-31", "12024-02-29");
const dateLiteral = fc.oneof(
  day.map((d) => `date("${d}")`),
  day.map((d) => `@"${d}"`),
  fc.constant('date("2024-02-30")'),
  fc.constant('@"2024-02-29T10:00:00"'),
);

/** A condition on the item's fields, each read as `field(name)` (`a`, `item.a` or `r.a`). */
const condition = (field: (name: string) => string, filter: boolean): fc.Arbitrary<string> => {
  const atom = fc.oneof(
    fc.tuple(op, literal).map(([o, l]) => `${field("a")} ${o} ${l}`),
    fc.tuple(op, literal).map(([o, l]) => `${l} ${o} ${field("c")}`),
    op.map((o) => `${field("a")} ${o} ${field("c")}`),
    fc.tuple(op, literal).map(([o, l]) => `${field("length")} ${o} ${l}`),
    fc.constant(field("b")),
    fc.constant(`not(${field("b")})`),
    fc.constantFrom("=", "!=").map((o) => `${field("b")} ${o} true`),
    fc.tuple(literal, literal).map(([lo, hi]) => `${field("a")} between ${lo} and ${hi}`),
    // an input read outside the loop: a number as its nearest double, judged where the doubles differ
    op.map((o) => `${field("a")} ${o} n`),
    fc.tuple(op, literal).map(([o, l]) => `n ${o} ${l}`),
    literal.map((l) => `${field("c")} between n and ${l}`),
    fc.constant("t"),
    // a decision a hair off a double (n + 1e-30): its nearest double may equal a field's while the decimals differ
    op.map((o) => `${field("a")} ${o} m`),
    literal.map((l) => `m between ${field("c")} and ${l}`),
    fc.constantFrom("=", "!=").map((o) => `${field("b")} ${o} t`),
    fc.constantFrom("true", "false"),
    // strings and choices by equality, `in` lists of literals (negated or not), an input text from outside
    fc.tuple(fc.constantFrom("=", "!="), word).map(([o, l]) => `${field("s")} ${o} ${l}`),
    fc.tuple(fc.constantFrom("=", "!="), word).map(([o, l]) => `${l} ${o} ${field("k")}`),
    fc.tuple(fc.constantFrom("s", "k"), words).map(([f, ls]) => `${field(f)} in (${ls})`),
    word.map((l) => `${field("s")} in not(${l})`),
    // ordered levels compare by rank: left to FEEL
    fc.constantFrom("<", ">=", "=").map((o) => `${field("l")} ${o} "mid"`),
    fc.array(literal, { minLength: 1, maxLength: 3 }).map((ls) => `${field("a")} in (${ls.join(", ")})`),
    fc.constantFrom("=", "!=").map((o) => `${field("s")} ${o} w`),
    // ordered: left to FEEL
    op.map((o) => `${field("s")} ${o} "x"`),
    ...(filter ? [fc.tuple(op, literal).map(([o, l]) => `item.c ${o} ${l}`)] : []),
    // dates: as day numbers, against a literal, another field, a range of literals or a list of them
    fc.tuple(op, dateLiteral).map(([o, l]) => `${field("d")} ${o} ${l}`),
    fc.tuple(op, dateLiteral).map(([o, l]) => `${l} ${o} ${field("f")}`),
    op.map((o) => `${field("d")} ${o} ${field("f")}`),
    fc.tuple(dateLiteral, dateLiteral).map(([lo, hi]) => `${field("d")} between ${lo} and ${hi}`),
    fc.array(dateLiteral, { minLength: 1, maxLength: 2 }).map((ls) => `${field("f")} in (${ls.join(", ")})`),
    // a date input from outside, read once as its day number (none when it is null)
    op.map((o) => `${field("d")} ${o} day`),
    dateLiteral.map((l) => `day between ${field("f")} and ${l}`),
  );
  const { c } = fc.letrec<{ c: string }>((tie) => ({
    c: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      atom,
      fc.tuple(tie("c"), fc.constantFrom("and", "or"), tie("c")).map(([x, o, y]) => `(${x}) ${o} (${y})`),
      tie("c").map((x) => `not(${x})`),
    ),
  }));
  return c;
};

/** A loop body over `r`, an item of `rows`: its fields, the item whole, a filter of the list reading it, functions keeping it. */
const loopBody = fc.constantFrom(
  "r.a",
  "r.c",
  "r.a * 12",
  "r.a + r.c",
  "r.a - r.a",
  "r.s",
  "r.b",
  "r.length",
  "r.__proto__",
  "r.d",
  "r.k",
  "r.l",
  "r",
  "r.nope",
  "if r.b then r.a else r.c",
  "r.a > n",
  "count(rows[a > r.c])",
  "rows[1].a + r.a",
  "(function(x) r.c + x)(r.a)",
  "{v: r.a}.v",
);
const inFilter = condition((f) => f, true);
const inQuantifier = condition((f) => `r.${f}`, false);
const expression = fc.oneof(
  inFilter.map((c) => `rows[${c}]`),
  inFilter.map((c) => `count(rows[${c}])`),
  inFilter.map((c) => `rows[${c}].a`),
  inFilter.map((c) => `for r in rows[${c}] return r.c`),
  inQuantifier.map((c) => `some r in rows satisfies ${c}`),
  inQuantifier.map((c) => `every r in rows satisfies ${c}`),
  // read raw, or converting the list (or its kept items) when FEEL code needs it
  fc.constantFrom(
    "count(rows)",
    "rows.a",
    "rows.b",
    "rows.s",
    "rows.k",
    "rows.l",
    "sum(rows.c)",
    "rows.length",
    "rows",
    "rows[1]",
    "rows[-1].a",
  ),
  // the least or greatest of a number field: found among the JSON doubles, only it made a decimal
  fc.constantFrom(
    "min(rows.a)",
    "max(rows.c)",
    "max(rows.length)",
    "min(rows.__proto__)",
    "min(rows.s)",
    "max(rows.b)",
    "min(rows.a) + max(rows.a)",
  ),
  // the sum or mean of a number field: its doubles added as scaled integers, one decimal made
  fc.constantFrom("sum(rows.a)", "mean(rows.c)", "sum(rows.length)", "mean(rows.__proto__)", "sum(rows.s)", "mean(rows.a) - sum(rows.c)"),
  inFilter.map((c) => `for r in rows[${c}] return r`),
  inFilter.map((c) => `count(rows) + count(rows[${c}])`),
  // a field of the kept items, gathered in the filter's loop
  fc.tuple(inFilter, fc.constantFrom("b", "c", "s", "k", "l", "length")).map(([c, f]) => `rows[${c}].${f}`),
  fc.tuple(fc.constantFrom("sum", "min", "max", "mean", "count"), inFilter).map(([f, c]) => `${f}(rows[${c}].c)`),
  // loops over the items: fields the body names read raw, the item converted alone where it is read whole
  fc
    .tuple(fc.constantFrom("", "sum", "min", "max", "mean", "count"), loopBody)
    .map(([f, b]) => (f ? `${f}(for r in rows return ${b})` : `for r in rows return ${b}`)),
  loopBody.map((b) => `for r in rows, q in rows return [${b}, q.c]`),
  loopBody.map((b) => `for q in [1, 2], r in rows return ${b}`),
  loopBody.map((b) => `for r in rows return for q in rows return [${b}, q.a]`),
  // an item picked by its position: no list converted, its field read raw
  fc
    .tuple(fc.constantFrom("i", "-i", "i + 1", "n", "i / 2", '"x"', "null", "t"), fc.constantFrom("", ".a", ".s", ".d", ".nope"))
    .map(([at, f]) => `for i in 1..count(rows) return rows[${at}]${f}`),
  fc.constantFrom("count(rows[n])", "rows[n].c", "sum(for i in 1..3 return rows[i].a)", "rows[n = 1]", "rows[if n > 0 then 1 else true]"),
  // a condition no tester judges: the quantifier's loop over the raw items
  loopBody.map((b) => `some r in rows satisfies (${b}) = 1`),
  loopBody.map((b) => `every r in rows satisfies (${b}) != null`),
);

/** Doubles at the edges, and values of other kinds (a state that skipped validation). */
const number = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(0, -0, 1, -2, 0.1, 0.3, 0.1 + 0.2, 1.5, 18, 1e21, 1e-7, 5e-324, Number.MAX_VALUE) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(-Number.MAX_VALUE, 2 ** 53, 2 ** 53 + 2, 123456789.12345679, 0.1000000000000000055511151231257827),
  },
  // sums at the edges of the scaled integers: a partial sum past 2^53 at its scale, scales up to 22 and past
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      2 ** 52,
      4503599627370495.5,
      9999999999999.99,
      999999999999999,
      0.001,
      1e-22,
      1e-23,
      1.234567890123e-10,
      -0.005,
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: -99999, max: 99999 }).map((c) => c / 100) },
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.integer({ min: -3, max: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity, "1", "0.1", "x", "1e999", 1n, true, null, undefined, {}) },
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 1, true, NaN, 1n, {}) },
);
const boolean = fc.oneof({ weight: 6, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom(null, undefined, 0, 1, "true") });
/** Entries the conditions do not read but that may shadow what they name. */
const extra = fc.constantFrom<[string, unknown][]>([], [], [], [["not", true]], [["item", 1]], [["g", 2]], [["not", null]], [["date", 1]]);
/** A date field's JSON: dates (leap days, signed and long years), strings the loader reads as no date, other kinds. */
const date = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom("2024-02-28", "2024-02-29", "2024-03-01", "2023-12-31", "1970-01-01", "-0001-12-31", "12024-02-29"),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom("2023-02-29", "2024-02-29T00:00:00", "2024-02-29Z", "+2024-02-29", "2024-2-29", " 2024-02-29", ""),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, 19782, true, {}) },
);

const object = fc
  .tuple(
    number,
    boolean,
    number,
    number,
    number,
    extra,
    fc.boolean(),
    fc.constantFrom("plain", "plain", "plain", "no prototype"),
    text,
    date,
    date,
  )
  .map(([a, b, c, length, proto, extras, withProto, kind, s, d, f]) => {
    const all: [string, unknown][] = [
      ["k", typeof s === "string" && s.length > 0 ? "xyz"[s.charCodeAt(0) % 3] : s],
      // a level, a string that is none, another kind
      ["l", typeof s === "string" && s.length > 0 ? ["low", "mid", "high", "x"][s.charCodeAt(0) % 4] : s],
      ["a", a],
      ["b", b],
      ["c", c],
      ["length", length],
      ["s", s],
      ["d", d],
      ["f", f],
      ...(withProto ? [["__proto__", proto] as [string, unknown]] : []),
      ...extras,
    ];
    const entries = all.filter(([, v]) => v !== undefined);
    // own entries, `__proto__` included, as JSON.parse makes them
    const own = Object.fromEntries(entries);
    return kind === "plain" ? own : Object.assign(Object.create(null) as object, own);
  });

class Member {
  get a() {
    return 1;
  }
}
const item = fc.oneof({ weight: 10, arbitrary: object }, { weight: 1, arbitrary: fc.constantFrom(null, [1, 2], 3, "x", new Member()) });
const rows = fc.oneof(
  { weight: 8, arbitrary: fc.array(item, { maxLength: 6 }) },
  { weight: 1, arbitrary: item },
  { weight: 1, arbitrary: fc.constant(null) },
);
const state = fc.record({
  rows,
  n: fc.oneof(number, fc.constant(1), fc.constant(18), fc.constant(0.1)),
  t: boolean,
  w: text,
  e: fc.constantFrom(0, 1e-30, -1e-30, null),
  day: date,
});

const compile = (decisions: Record<string, string>, optimise: boolean) => {
  const typed = {
    m: { type: "number", expr: "n + e" },
    ...Object.fromEntries(Object.entries(decisions).map(([name, expr]) => [name, { type: "any", expr }])),
  };
  const r = compileUncached({ content: { name: "raw items", inputs, decisions: typed } }, { optimise, strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error")));
  return r.model;
};

const values = valuesWithin;

/** The values, and the problems reported: heard, so the list is converted at once. */
const run = (model: ReturnType<typeof compile>, s: object, steps: number, size?: number) =>
  collectProblems(() => values(model, s, steps, size));

/** A hoisted tester of raw items (codegen/raw-items.ts). */
const TESTER = /const Q\d+ = \(o\d+(, w\d+)*\) =>/;

describe("conditions on raw JSON items", () => {
  it("give what the unoptimised module gives: values, problems and steps", () => {
    fc.assert(
      fc.property(
        fc.array(expression, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(state, fc.integer({ min: 0, max: 40 })), { minLength: 1, maxLength: 6 }),
        // a size limit about what one made list of a few items takes (20 and an item each), or more
        fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 400 })),
        (texts, states, size) => {
          const decisions = Object.fromEntries(texts.map((t, i) => [`r${i}`, t]));
          const [fast, plain] = [compile(decisions, true), compile(decisions, false)];
          expect(plain.source).not.toContain("rt.rawArray(");
          for (const [s, steps] of states) {
            for (const limit of [steps, 1e6]) {
              const what = `${texts.join(" | ")} on ${fc.stringify(s)}`;
              expect(run(fast, s, limit), what).toEqual(run(plain, s, limit));
              // unheard: converted lazily, item by item where a raw path reads the items
              expect(values(fast, s, limit), what).toEqual(values(plain, s, limit));
            }
            // the lists made count toward the size as the unoptimised module counts them
            expect(values(fast, s, 1e6, size), `${texts.join(" | ")} on ${fc.stringify(s)}`).toEqual(values(plain, s, 1e6, size));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("take an aggregate of a loop over a field from the JSON doubles, charged as the loop's list is: values, problems, steps and size", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("sum", "min", "max", "mean"),
        fc.constantFrom("a", "c", "length", "__proto__", "nope"),
        state,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 60 }),
        (f, field, s, steps, size) => {
          const decisions = { out: `${f}(for r in rows return r.${field})` };
          const [fast, plain] = [compile(decisions, true), compile(decisions, false)];
          const what = `${decisions.out} on ${fc.stringify(s)}`;
          for (const [limit, made] of [
            [steps, undefined],
            [1e6, size],
            [1e6, undefined],
          ] as const) {
            expect(run(fast, s, limit, made), what).toEqual(run(plain, s, limit, made));
            // unheard: the doubles read while the list is not converted
            expect(values(fast, s, limit, made), what).toEqual(values(plain, s, limit, made));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("tests raw items where it can, and leaves conditions it cannot judge exactly to the decimals", () => {
    const source = (expr: string) => compile({ out: expr }, true).source.split("function explain(")[0]!;
    for (const judged of [
      "count(rows[a >= 18 and not(b)])",
      "rows[item.a < 0.1]",
      "some r in rows satisfies r.a > r.c",
      "every r in rows satisfies r.b",
      "rows[a > n]",
      "some r in rows satisfies r.b = t",
      'rows[s = "x" or k in ("y", "z")]',
      'count(rows[not(s in ("a", w))])',
      "rows[a in (1, 0.1)].c",
      'count(rows[d >= date("2024-02-29")])',
      'some r in rows satisfies r.d < r.f or r.f = @"1970-01-01"',
      'rows[d between date("2023-12-31") and date("2024-03-01")].a',
      "count(rows[d >= day or f = day])",
    ])
      expect(source(judged), judged).toMatch(TESTER);
    // a literal no double is the shortest form of, a field Object.prototype has a member named like
    // a field of the kept items: read from the raw items in the filter's loop, no item converted where it holds a value of its kind
    // (a choice or levels field's string is its FEEL value: projected raw as a string field is)
    for (const projected of ["rows[a > 1].c", 'rows[k = "x"].s', "max(rows[not(b)].a)", "rows[a > 1].k", "rows[a > 1].l"])
      expect(source(projected), projected).toMatch(/rt\.rawField\(j\d+, "[a-z]", "(number|string)"\).*rt\.projected\(/);
    // a loop's body reads the fields it names from the raw items, over the FEEL list when there is no raw array
    for (const looped of [
      "for r in rows return r.a * 12",
      "sum(for r in rows return r.c * 2)",
      "for r in rows, q in rows return r.a + q.c",
    ])
      expect(source(looped), looped).toMatch(
        /for \(const x\d+ of \(\(a\d+ \?\? A\d+\(\)\) !== null \? \(a\d+ \?\? A\d+\(\)\) : rt\.iter\(u\d+\(\)\)\)\).*rt\.rawField\(x\d+, "[ac]", "number"\)/,
      );
    // an aggregate of a loop that only reads a number field: as of the projection while the list is a JSON array, else the loop
    for (const looped of ["sum(for r in rows return r.c)", "max(for r in rows return r.a)"])
      expect(source(looped), looped).toMatch(/\(\(a\d+ \?\? A\d+\(\)\) !== null \? rt\.rawAggregate\(.*: p\d+\(\(\(acc\d+\) => \{/);
    // min and max of a number field compare the raw doubles; of another kind, the projection's list
    for (const extreme of ["min(rows.a)", "max(rows.c)"])
      expect(source(extreme), extreme).toMatch(/rt\.rawAggregate\(\(a\d+ \?\? A\d+\(\)\), [^)]*, (1|-1), p\d+\)/);
    expect(source("min(rows.s)")).not.toContain("rt.rawAggregate(");
    // the sum and mean of a number field add its doubles, of a filter's kept items too; of another kind, the projection's list
    for (const summed of ["sum(rows.a)", "mean(rows.c)"])
      expect(source(summed), summed).toMatch(/rt\.rawAggregate\(\(a\d+ \?\? A\d+\(\)\), [^)]*, "(sum|mean)", p\d+\)/);
    for (const summed of ["sum(rows[not(b)].a)", "mean(rows[a > 1].c)"])
      expect(source(summed), summed).toMatch(/rt\.rawDouble\(j\d+, "[ac]"\).*rt\.keptSum\(k\d+, \d, "[ac]", (true|false), p\d+\)/);
    expect(source("sum(rows.s)")).not.toContain("rt.rawAggregate(");
    expect(source("sum(rows[b].s)")).not.toContain("rt.keptSum(");
    // certified doubles in a loop's body read the raw double of an entry
    expect(source("some r in rows satisfies r.a * 2 > n")).toMatch(/rt\.certReadEntry\(Zo\d+\)[^]*rt\.rawDouble\(x\d+, "a"\)/);
    // an index picks its item from the raw array, the condition not given an item it does not read
    for (const picked of ["for i in 1..count(rows) return rows[i].a", "rows[2].c"])
      expect(source(picked), picked).toMatch(
        /rt\.rawPosition\(\(a\d+ \?\? A\d+\(\)\), r\d+\).*rt\.rawField\(\(a\d+ \?\? A\d+\(\)\)\[P\d+\], "[ac]", "number"\)/,
      );
    for (const left of [
      "rows[a > 0.1000000000000000055511151231257827]",
      "count(rows[__proto__ > 1])",
      'rows[s < "x"]',
      'rows[d < date("2024-02-30")]',
      'rows[d < @"2024-02-29T10:00:00"]',
    ])
      expect(source(left), left).not.toMatch(TESTER);
  });

  it("counts, filters and quantifies the raw items of a valid state", () => {
    const model = compile(
      {
        adults: "count(rows[a >= 18 and not(b)])",
        young: "rows[a < 0.3].c",
        any: "some r in rows satisfies r.a = 0.3",
        all: "every r in rows satisfies r.c >= 0",
      },
      true,
    );
    const rows = [
      { a: 18, b: false, c: 1, length: 0 },
      { a: 0.1 + 0.2, b: true, c: 2, length: 0 },
      { a: 0.1, b: false, c: -0, length: 0 },
      { a: 40, b: true, c: 5e-324, length: 0 },
    ];
    const out = model.evaluate({ rows, n: 0, e: 1 });
    // 0.1 + 0.2 is the double 0.30000000000000004, which reads as that decimal: not below 0.3
    expect(out).toEqual({ m: 1, adults: 1, young: [0], any: false, all: true });
  });
});
