import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteSink } from "../../src/batch/byte-sink.js";
import { DecisionRecordWriter } from "../../src/batch/decision-record-writer.js";
import { Decimal } from "../../src/runtime/decimal.js";
import { toJson } from "../../src/runtime/json.js";
import { temporalFromJson } from "../../src/runtime/temporal/index.js";
import { FeelContext, FeelRange, type FeelValue } from "../../src/runtime/values.js";

const decoder = new TextDecoder();

/** The record as the general path writes it: JSON.stringify of the decisions in JSON. */
const expected = (row: number, decisions: Record<string, FeelValue>) =>
  `{"row":${row},"decisions":${JSON.stringify(Object.fromEntries(Object.entries(decisions).map(([k, v]) => [k, toJson(v)])))}}\n`;

function written(row: number, decisions: Record<string, FeelValue>): string {
  const sink = new ByteSink(new Uint8Array(8));
  expect(new DecisionRecordWriter().write(sink, row, new Uint8Array(0), -1, -1, decisions)).toBe(true);
  return decoder.decode(sink.view());
}

describe("DecisionRecordWriter", () => {
  it("writes scaled decimals as JSON.stringify writes their doubles", () => {
    const scaled = fc
      .tuple(
        fc.oneof(
          fc.integer({ min: -1e6, max: 1e6 }),
          fc.maxSafeInteger(),
          fc.maxSafeNat().map((n) => -n),
        ),
        fc.integer({ min: 0, max: 22 }),
      )
      .map(([m, k]) => new Decimal(m, k));
    fc.assert(
      fc.property(fc.array(scaled, { minLength: 1, maxLength: 5 }), fc.nat(), (values, row) => {
        const decisions = Object.fromEntries(values.map((v, i) => [`d ${i}`, v]));
        expect(written(row, decisions)).toBe(expected(row, decisions));
      }),
      { numRuns: 3000 },
    );
  });

  it("writes every other value as the general path does", () => {
    const decisions: Record<string, FeelValue> = {
      "2": new Decimal(-0),
      quotient: new Decimal(1).div(new Decimal(3)),
      huge: new Decimal("1e400"),
      tiny: new Decimal(1, 7),
      plain: "low",
      quoted: 'say "hi"\n',
      accented: "caf\u00e9 \u2028",
      yes: true,
      no: false,
      none: null,
      list: [new Decimal(1, 1), "a", null],
    };
    Object.defineProperty(decisions, "__proto__", { value: "own", enumerable: true });
    expect(written(12, decisions)).toBe(expected(12, decisions));
  });

  it("writes strings as JSON.stringify does: accents, lone and paired surrogates, controls, quotes (generated)", () => {
    const unit = fc.constantFrom(
      "a",
      "Z",
      " ",
      "\u00e9",
      "\u00c9",
      "\u2028",
      "\u20ac",
      "\ud800",
      "\udfff",
      "\ud83d\ude00",
      "\u0001",
      "\n",
      '"',
      "\\",
      "\u007f",
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(unit, { maxLength: 6 }).map((units) => units.join("")),
          { minLength: 1, maxLength: 4 },
        ),
        (texts) => {
          const decisions = Object.fromEntries(texts.map((t, i) => [`d ${i}`, t]));
          expect(written(5, decisions)).toBe(expected(5, decisions));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("writes nested lists, contexts and temporals as the general path does", () => {
    const temporal = fc
      .constantFrom(
        ["date", "2024-02-29"],
        ["date and time", "2024-03-01T10:15:00@Europe/Paris"],
        ["date and time", "2024-03-01T10:15:00.5+02:00"],
        ["time", "23:59:01Z"],
        ["days and time duration", "-P1DT2H"],
        ["years and months duration", "P1Y2M"],
      )
      .map(([kind, text]) => temporalFromJson(kind as Parameters<typeof temporalFromJson>[0], text)!);
    const leaf: fc.Arbitrary<FeelValue> = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.string({ unit: "binary" }),
      fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 12 })).map(([m, k]) => new Decimal(m, k)),
      fc.constant(new Decimal(2).div(new Decimal(7))),
      fc.constant(new FeelRange(true, new Decimal(1), new Decimal(5), false)),
      temporal,
    );
    // keys that JSON.stringify reorders (array indexes), that need escapes, and plain ones
    const key = fc.oneof(fc.constantFrom("a", "b c", "0", "12", "1x", "__proto__", 'q"', "é"), fc.string({ unit: "binary", maxLength: 4 }));
    const { tree } = fc.letrec<{ tree: FeelValue }>((tie) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.array(tie("tree"), { maxLength: 4 }),
        fc.array(fc.tuple(key, tie("tree")), { maxLength: 4 }).map((entries) => new FeelContext(new Map(entries))),
      ),
    }));
    fc.assert(
      fc.property(fc.array(tree, { minLength: 1, maxLength: 4 }), (values) => {
        const decisions = Object.fromEntries(values.map((v, i) => [`d ${i}`, v]));
        expect(written(3, decisions)).toBe(expected(3, decisions));
      }),
      { numRuns: 2000 },
    );
  });

  it("writes lists and contexts a decision returns again, the same objects, as the general path does", () => {
    // rows of one writer whose decisions return objects from a small pool (constants, seen again)
    // or fresh ones, with values of no JSON form among them: each record as JSON.stringify writes it
    const item: fc.Arbitrary<FeelValue> = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 3 }),
      fc.integer({ min: -999, max: 999 }).map((m) => new Decimal(m, 1)),
      fc.constant(new Decimal(2).div(new Decimal(7))),
    );
    const composite: fc.Arbitrary<FeelValue> = fc.oneof(
      fc.array(item, { maxLength: 3 }),
      fc.array(fc.tuple(fc.constantFrom("lower", "upper", "0", 'q"'), item), { maxLength: 3 }).map((e) => new FeelContext(new Map(e))),
      fc.array(item, { maxLength: 2 }).map((items) => [new FeelContext(new Map([["rate", items]])), items]),
    );
    const pick = fc.oneof(fc.nat({ max: 7 }), composite);
    fc.assert(
      fc.property(fc.array(composite, { minLength: 8, maxLength: 8 }), fc.array(fc.tuple(pick, pick), { maxLength: 30 }), (pool, rows) => {
        const writer = new DecisionRecordWriter();
        const sink = new ByteSink(new Uint8Array(8));
        rows.forEach(([a, b], row) => {
          const decisions = Object.fromEntries([a, b].map((v, i) => [`d ${i}`, typeof v === "number" ? pool[v]! : v]));
          const ok = Object.values(decisions).every((v) => JSON.stringify(toJson(v)) !== undefined);
          sink.pos = 0;
          expect(writer.write(sink, row, new Uint8Array(0), -1, -1, decisions)).toBe(ok);
          if (ok) expect(decoder.decode(sink.view())).toBe(expected(row, decisions));
        });
      }),
      { numRuns: 500 },
    );
  });
});
