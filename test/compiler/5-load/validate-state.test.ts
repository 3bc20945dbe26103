import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyseModel } from "../../../src/compiler/2-analyse/index.js";
import { createStateValidator } from "../../../src/compiler/5-load/validate-state.js";
import { LISTED_VALUES } from "../../../src/ir/diagnostic-catalogue/state.js";

const r = analyseModel(
  {
    name: "m",
    inputs: {
      age: { type: "number [0..130]", desc: "Age" },
      tier: { type: "gold|silver", desc: "Tier" },
      start: { type: "date", desc: "Start" },
      at: { type: "time", desc: "At" },
      stamp: { type: "date and time", desc: "Stamp" },
      note: { type: "string", desc: "Note", blank: true },
      applicant: { type: { income: "number", name: "string" }, desc: "Applicant" },
      items: { type: [{ price: "number > 0" }], desc: "Items" },
    },
    decisions: { d: "age + applicant.income + count(items) + string length(note) + string length(tier)", e: "start", f: "at", g: "stamp" },
  },
  { strict: true },
);
const validate = createStateValidator(r.input);

const good = {
  age: 30,
  tier: "gold",
  start: "2024-02-29",
  at: "10:30:00",
  stamp: "2024-01-01T10:00:00@Europe/Paris",
  applicant: { income: 1000, name: "Ann" },
  items: [{ price: 1 }],
  extra: "evidence the model does not read",
};

const errorsFor = (patch: Record<string, unknown>) => validate({ ...good, ...patch });

describe("createStateValidator", () => {
  it("accepts a matching state, with extra keys and an absent blank input", () => {
    expect(validate(good)).toEqual([]);
    expect(errorsFor({ note: null })).toEqual([]);
    expect(errorsFor({ stamp: "2024-01-01T10:00:00+02:00", at: "23:59:59Z" })).toEqual([]);
  });

  it("reports a missing input", () => {
    const { age: _, ...rest } = good;
    expect(validate(rest)).toEqual([{ address: "inputs.age", code: "state.missing", message: "`age` is required" }]);
    expect(errorsFor({ age: null })).toEqual([{ address: "inputs.age", code: "state.missing", message: "`age` is required (got null)" }]);
  });

  it("reports a wrong type", () => {
    expect(errorsFor({ age: "30" })).toEqual([{ address: "inputs.age", code: "state.type", message: '`age` must be a number (got "30")' }]);
  });

  it("reports a value outside a choice", () => {
    expect(errorsFor({ tier: "bronze" })).toEqual([
      { address: "inputs.tier", code: "state.enum", message: '`tier` must be one of "gold", "silver" (got "bronze")' },
    ]);
  });

  it("reports a number outside its range", () => {
    expect(errorsFor({ age: 131 })).toEqual([{ address: "inputs.age", code: "state.range", message: "`age` must be <= 130 (got 131)" }]);
  });

  it("reports bad temporal strings, including impossible dates", () => {
    const errs = errorsFor({ start: "2023-02-29", at: "25:00:00", stamp: "2024-01-01" });
    expect(errs.map((e) => [e.address, e.code])).toEqual([
      ["inputs.start", "state.format"],
      ["inputs.at", "state.format"],
      ["inputs.stamp", "state.format"],
    ]);
    expect(errs[0]!.message).toContain("a date (YYYY-MM-DD)");
  });

  it("addresses fields inside structs and list items", () => {
    expect(errorsFor({ applicant: { name: "Ann" } })).toEqual([
      { address: "inputs.applicant.income", code: "state.missing", message: "`applicant.income` is required" },
    ]);
    expect(errorsFor({ items: [{ price: 1 }, { price: 0 }] })).toEqual([
      { address: "inputs.items[1].price", code: "state.range", message: "`items[1].price` must be > 0 (got 0)" },
    ]);
  });

  it("rejects a state that is not an object", () => {
    expect(validate([1, 2])).toEqual([{ address: "inputs", code: "state.type", message: expect.stringContaining("JSON object") }]);
  });
});

describe("a value outside a choice of many values", () => {
  const choice = (count: number) => {
    const values = Array.from({ length: count }, (_, i) => `v${i}`);
    const m = analyseModel({ name: "m", inputs: { c: { type: values.join("|"), desc: "c?" } }, decisions: { d: "c" } }, { strict: true });
    return { values, validate: createStateValidator(m.input) };
  };

  it("names the input and lists the first values, counting the rest (a choice of 20,000)", () => {
    const { values, validate: check } = choice(20_000);
    const [error, ...more] = check({ c: "w" });
    expect(more).toEqual([]);
    expect(error).toMatchObject({ address: "inputs.c", code: "state.enum" });
    const { message } = error!;
    expect(message.length).toBeLessThan(400);
    expect(message).toContain("`c` must be one of ");
    expect(message).toContain('(got "w")');
    for (const v of values.slice(0, LISTED_VALUES)) expect(message).toContain(`"${v}"`);
    expect(message).not.toContain(`"${values[LISTED_VALUES]}"`);
    expect(message).toContain(`and ${20_000 - LISTED_VALUES} more`);
  });

  it("lists every value of a choice of up to the listed count, and counts the rest of any larger", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 * LISTED_VALUES }), (count) => {
        const { values, validate: check } = choice(count);
        const { message } = check({ c: "w" })[0]!;
        const shown = values.filter((v) => message.includes(`"${v}"`));
        expect(shown).toEqual(values.slice(0, Math.min(count, LISTED_VALUES)));
        if (count > LISTED_VALUES) expect(message).toContain(`, … and ${count - LISTED_VALUES} more (got "w")`);
        else expect(message).not.toContain("more");
      }),
      { numRuns: 20 },
    );
  });
});

describe("the check made ahead of the first validation", () => {
  it("is made once, by the first prepare, and answers as one made on the first validation", () => {
    const states = [good, {}, { ...good, age: 200, tier: "bronze" }, { ...good, items: [{ price: -1 }] }, null, []];
    const ahead = createStateValidator(r.input);
    expect(ahead.prepare()).toBe(true);
    expect(ahead.prepare()).toBe(false);
    const lazy = createStateValidator(r.input);
    for (const s of states) expect(ahead(s)).toEqual(lazy(s));
    expect(lazy.prepare()).toBe(false);
  });
});

describe("numbers that overflow to ±Infinity (JSON 1e999999)", () => {
  it("are out of range at their input, by its own bound or else the largest double", () => {
    fc.assert(
      fc.property(fc.constantFrom(Infinity, -Infinity), fc.constantFrom("age", "income", "price"), (v, where) => {
        const state =
          where === "age"
            ? { ...good, age: v }
            : where === "income"
              ? { ...good, applicant: { income: v, name: "Ann" } }
              : { ...good, items: [{ price: 1 }, { price: v }] };
        const address = { age: "inputs.age", income: "inputs.applicant.income", price: "inputs.items[1].price" }[where];
        const errors = validate(state);
        expect(errors.map((e) => [e.address, e.code])).toEqual([[address, "state.range"]]);
        expect(errors[0]!.message).toContain(`(got ${v})`);
        // an unbounded number (income) is bounded by the largest double, on the side of the sign
        if (where === "income") expect(errors[0]!.message).toContain(`${v > 0 ? "<=" : ">="} ${v > 0 ? "" : "-"}1.7976931348623157e+308`);
      }),
    );
  });
});
