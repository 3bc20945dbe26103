// A charge's line items are stored as their JSON text, written from their fixed fields: it must be
// JSON.stringify's text of them whatever they hold, of the shape pricing makes or of another.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { itemsText } from "../../src/ledger/items-text.js";
import type { LineItem } from "../../src/ledger/types.js";

/** A number as pricing writes one, or one JSON writes otherwise (null for NaN and the infinities, 0 for -0). */
const number = fc.oneof({ weight: 6, arbitrary: fc.nat() }, fc.double(), fc.constant(-0), fc.constant(Number.MAX_SAFE_INTEGER + 2));
/** A text as pricing writes one, or one with something to escape. */
const text = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[\w ,.-]{0,40}$/) },
  fc.string(),
  fc.constantFrom('"', "\\", "\n", "\ud800"),
);

const item = fc.record({ kind: text, description: text, quantity: number, unit: text, rate: number, amount: number });

/** Items of pricing's shape, and now and then one with a member more, one less, reordered, or of another type. */
const items = fc.array(
  fc.oneof(
    { weight: 8, arbitrary: item },
    item.map(({ kind, ...rest }) => ({ ...rest, kind })),
    item.map(({ rate: _r, ...rest }) => rest),
    fc.tuple(item, fc.jsonValue()).map(([i, extra]) => ({ ...i, extra })),
    fc.tuple(item, fc.jsonValue()).map(([i, quantity]) => ({ ...i, quantity })),
    item.map((i) => Object.assign(Object.create(null), i)),
  ),
  { maxLength: 4 },
) as unknown as fc.Arbitrary<LineItem[]>;

describe("a charge's line items as stored", () => {
  it("are JSON.stringify's text of the items", () => {
    fc.assert(
      fc.property(items, (list) => {
        expect(itemsText(list)).toBe(JSON.stringify(list));
      }),
      { numRuns: 1000 },
    );
  });

  it("are written by their shape for pricing's items (a System One charge)", () => {
    const charge: LineItem[] = [
      {
        kind: "systemone_input_tokens",
        description: "API input tokens, System One rate",
        quantity: 616,
        unit: "token",
        rate: 2,
        amount: 1,
      },
      {
        kind: "systemone_output_tokens",
        description: "API output tokens, System One rate",
        quantity: 1132,
        unit: "token",
        rate: 0,
        amount: 0,
      },
    ];
    expect(itemsText(charge)).toBe(JSON.stringify(charge));
    expect(itemsText([])).toBe("[]");
  });
});
