// The embedded readers take time linear in the evidence, shown by counting their basic steps
// (tokens, index entries, cue look-ups, candidates) rather than by the clock: eight times the
// evidence may cost at most about eight times the steps. And evidence over the size limit is
// refused without being read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generatedEvidence } from "../../scripts/evidence-generator.js";
import { modelOf } from "../../scripts/eval-reader.js";
import { readState } from "../../src/providers/read-state.js";
import { findDates } from "../../src/providers/readers/dates.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { walkJson } from "../../src/providers/readers/json-walk.js";
import { EMBEDDED_LIMITS, evidenceOverLimit } from "../../src/providers/readers/limits.js";
import { readText, textReader } from "../../src/providers/readers/text-reader.js";
import { loadEnglish, wordsBetweenBreaks } from "../../src/providers/readers/text/english.js";
import { qualifiersOf } from "../../src/providers/readers/text/qualifiers.js";
import { tokenize, type Token } from "../../src/providers/readers/text/tokens.js";
import type { Meter } from "../../src/providers/readers/text/text-index.js";
import type { Reader } from "../../src/providers/types.js";

const MODELS = ["lending", "claims-triage", "kyc-risk", "pricing", "property-claims"];
const REFERENCE = "2026-03-01";
/** Eight times the evidence: linear work gives a ratio near 8; all-pairs work near 64. */
const MAX_RATIO = 10;

const steps = (read: (m: Meter) => unknown): number => {
  const meter = { steps: 0 };
  read(meter);
  return meter.steps;
};

/** Pieces of evidence: the samples' cue words and option words, amounts, dates, negators, breaks, filler. */
const FRAGMENT = fc.constantFrom(
  "annual income",
  "credit score",
  "loan",
  "borrow",
  "monthly debt",
  "salaried",
  "retired",
  "contractor",
  "claim",
  "reported",
  "incident",
  "policy started",
  "theft",
  "windscreen",
  "hail",
  "injured",
  "customer",
  "company",
  "trust",
  "PEP",
  "politically exposed",
  "adverse media",
  "high",
  "low",
  "medium",
  "risk",
  "volume",
  "seats",
  "list price",
  "coupon",
  "uplift",
  "gold",
  "silver",
  "tax exempt",
  "police report",
  "water",
  "fire",
  "$52,000",
  "12%",
  "701",
  "4,000 a month",
  "USD 1.2m",
  "twenty-five",
  "3",
  "2021",
  "5 March 2026",
  "2026-01-03",
  "3 weeks ago",
  "01/02/2025",
  "not",
  "no",
  "never",
  "and",
  "but",
  "the",
  "of",
  "was",
  "is",
  "weather",
  "office",
  ".",
  ",",
  ";",
  ":",
  "\n",
);

describe("linear time", () => {
  it.each(MODELS)("text reader on generated evidence (%s): 8× the text, under 10× the steps", (sample) => {
    const inputs = modelOf(sample).ir.inputs;
    const small = steps((m) => readText(inputs, generatedEvidence(4096), REFERENCE, m));
    const large = steps((m) => readText(inputs, generatedEvidence(8 * 4096), REFERENCE, m));
    expect(small).toBeGreaterThan(500);
    expect(large / small).toBeLessThan(MAX_RATIO);
  });

  it("text reader on any mix of fragments, one long sentence included: 8× the text, under 10× the steps", () => {
    fc.assert(
      fc.property(fc.array(FRAGMENT, { minLength: 4, maxLength: 40 }), fc.constantFrom(...MODELS), (pieces, sample) => {
        const unit = `${pieces.join(" ")} `;
        const copies = Math.ceil(1500 / unit.length);
        const inputs = modelOf(sample).ir.inputs;
        const small = steps((m) => readText(inputs, unit.repeat(copies), REFERENCE, m));
        const large = steps((m) => readText(inputs, unit.repeat(8 * copies), REFERENCE, m));
        expect(large / small).toBeLessThan(MAX_RATIO);
      }),
      { numRuns: 25, seed: 20260301 },
    );
  });

  it("JSON reader on records with prose: 8× the records, under 10× the steps", () => {
    const inputs = modelOf("claims-triage").ir.inputs;
    const records = (n: number) => ({
      claims: Array.from({ length: n }, (_, i) => ({
        id: `C-${i}`,
        filed: "2026-02-11",
        amount: `$${1000 + i}`,
        notes: `Customer called on 2026-02-${10 + (i % 9)} to report that the car was stolen; estimate $${500 + i}.`,
      })),
    });
    const small = steps((m) => readJson(inputs, records(40), REFERENCE, m));
    const large = steps((m) => readJson(inputs, records(320), REFERENCE, m));
    expect(large / small).toBeLessThan(MAX_RATIO);
  });

  it("JSON walk: deep nesting neither overflows the stack nor copies the path into every node", () => {
    let deep: unknown = 42;
    for (let i = 0; i < 50_000; i++) deep = { [`k${i % 7}`]: deep };
    const nodes = walkJson(deep);
    expect(nodes).toHaveLength(50_001);
    expect(Math.max(...nodes.map((n) => n.keys.length))).toBe(2);
    expect(nodes[nodes.length - 1]).toMatchObject({ value: 42, keys: ["k1", "k0"] });
  });

  it("JSON walk keeps the last two keys of each node's path, in document order", () => {
    // the reference: every node with its whole key path, recursively
    const reference = (root: unknown) => {
      const out: { pointer: string; path: string[]; value: unknown }[] = [];
      const visit = (v: unknown, pointer: string, path: string[]) => {
        out.push({ pointer, path, value: v });
        if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${pointer}/${i}`, path));
        else if (v && typeof v === "object")
          for (const [k, x] of Object.entries(v)) visit(x, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, [...path, k]);
      };
      visit(root, "", []);
      return out;
    };
    // records without name/value pairs, which the walk reads as objects of their own
    const json = fc.jsonValue({ maxDepth: 6 }).filter((v) => !JSON.stringify(v).match(/"(name|key|field|label|attribute|question|fact)"/));
    fc.assert(
      fc.property(json, (v) => {
        const got = walkJson(v);
        const want = reference(v);
        expect(got.map((n) => n.pointer)).toEqual(want.map((n) => n.pointer));
        expect(got.map((n) => n.keys)).toEqual(want.map((n) => n.path.slice(-2)));
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it("dates are found across the pieces chrono reads, none lost or doubled at a cut", () => {
    const unit = "The loss happened on 5 March 2026 and was reported on 2026-03-09 by the owner of the house. ";
    const once = findDates(unit, REFERENCE);
    expect(once).toHaveLength(2);
    const many = findDates(unit.repeat(400), REFERENCE);
    expect(many).toHaveLength(800);
    expect(many.every((d, i) => d.iso === once[i % 2]!.iso && unit.repeat(400).slice(d.start, d.end) === d.text)).toBe(true);
  });
});

describe("linear time in the kinds of text that once took the square of their length", () => {
  /** Four times the text: linear work gives a ratio near 4; work that walks the text from every token near 16. */
  const LINEAR = 5;
  /** A text of `copies` copies of the pieces, joined. */
  const repeated = (pieces: string[], copies: number) => pieces.join("").repeat(copies);

  /** Reads of the tokens while the qualifiers of every amount are found, as the number reader asks for them. */
  const tokenReads = (text: string): number => {
    let reads = 0;
    const counted = new Proxy(tokenize(text), {
      get: (tokens, key, receiver) => {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(tokens, key, receiver);
      },
    });
    counted.forEach((t: Token, i: number) => t.kind === "amount" && qualifiersOf(counted, i));
    return reads;
  };

  it("an amount's qualifiers, in one long sentence of amounts and parentheses of any mix: 4× the text, under 5× the reads", () => {
    const piece = fc.constantFrom("1, ", "1,", "12,000 ", "(", ")", "income ", "guarantor ", "about ", "or ", "between ", "and ", "- ");
    fc.assert(
      fc.property(fc.array(piece, { minLength: 2, maxLength: 10 }), (pieces) => {
        const copies = Math.ceil(2000 / pieces.join("").length);
        const small = tokenReads(repeated(pieces, copies));
        const large = tokenReads(repeated(pieces, 4 * copies));
        expect(large / Math.max(small, 1)).toBeLessThan(LINEAR);
      }),
      { numRuns: 40, seed: 46 },
    );
  });

  /**
   * The steps wink-nlp's automata take over line breaks: each starts from every token and steps
   * over the line-break tokens after it to the next other token (node_modules/wink-nlp/src/automaton.js,
   * `recognize`). One step per token besides.
   */
  const breakSteps = (text: string): number => {
    const values = loadEnglish().readDoc(wordsBetweenBreaks(text)).tokens().out() as string[];
    let run = 0;
    let steps = values.length;
    for (let i = values.length - 1; i >= 0; i--) {
      run = values[i] === "\n" ? run + 1 : 0;
      steps += run;
    }
    return steps;
  };
  const line = fc.constantFrom(" \n", "  \n", " \r\n", "\u00a0\n", "> \n", ">\n", "\n", "\t\n", "a\n", "income 1,200\n", "> > \n");

  it("the English model on runs of blank and quoted lines of any mix: 4× the text, under 5× the steps over line breaks", () => {
    // each kind of line in a run of its own, as long as the text is
    const runs = (lines: string[], copies: number) => lines.map((l) => l.repeat(copies)).join("On 5 March, Anna wrote:\n");
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
        const copies = Math.ceil(1000 / lines.join("").length);
        expect(breakSteps(runs(lines, 4 * copies)) / breakSteps(runs(lines, copies))).toBeLessThan(LINEAR);
      }),
      { numRuns: 30, seed: 46 },
    );
  });

  it("what the English model is given keeps every offset and every character but the blanks of long runs of blank lines", () => {
    const blanks = fc.array(fc.constantFrom(" ", "\t", "\r", "\u00a0", "\n", "\n", "a", ">", "."), { maxLength: 80 });
    fc.assert(
      fc.property(blanks, (chars) => {
        const text = chars.join("");
        const given = wordsBetweenBreaks(text);
        expect(given).toHaveLength(text.length);
        // a character changed is a blank after a line break, turned into one
        for (let i = 0; i < text.length; i++)
          if (given[i] !== text[i]) expect([given[i], /\s/.test(text[i]!), /\n\s*$/.test(text.slice(0, i))]).toEqual(["\n", true, true]);
        // a text with no more than 16 blank lines in a row is given as it is
        if (!/\n(?:[^\S\n]*\n){16}/.test(text)) expect(given).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe("size limit", () => {
  it("a text is over the limit exactly when it is longer than the limit, or its length times the inputs to read is over theirs", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 8 }),
        (text, textChars, textCharsTimesInputs, inputs) => {
          const over = evidenceOverLimit(text, { ...EMBEDDED_LIMITS, textChars, textCharsTimesInputs }, inputs);
          const product = text.length * inputs;
          expect(over === undefined).toBe(text.length <= textChars && product <= textCharsTimesInputs);
          if (text.length > textChars) expect(over).toEqual({ measure: "characters of text", size: text.length, limit: textChars });
          else if (over)
            expect(over).toEqual({ measure: "characters of text times the inputs to read", size: product, limit: textCharsTimesInputs });
        },
      ),
    );
  });

  it("a JSON state is measured by its values, the characters of its strings, and its values times the inputs to read", () => {
    const count = (v: unknown): [number, number] => {
      if (typeof v === "string") return [1, v.length];
      const children = Array.isArray(v) ? v : v && typeof v === "object" ? Object.values(v) : [];
      return children.map(count).reduce(([a, b], [c, d]) => [a + c, b + d], [1, 0]);
    };
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 5 }).filter((v) => typeof v !== "string"),
        fc.nat(60),
        fc.nat(200),
        fc.nat(300),
        fc.integer({ min: 1, max: 8 }),
        (v, jsonValues, jsonTextChars, jsonValuesTimesInputs, inputs) => {
          const [values, chars] = count(v);
          const over = evidenceOverLimit(
            v,
            { textChars: 0, textCharsTimesInputs: 0, jsonValues, jsonTextChars, jsonValuesTimesInputs },
            inputs,
          );
          if (values > jsonValues) expect(over).toEqual({ measure: "JSON values", size: values, limit: jsonValues });
          else if (chars > jsonTextChars)
            expect(over).toEqual({ measure: "characters in JSON strings", size: chars, limit: jsonTextChars });
          else if (values * inputs > jsonValuesTimesInputs)
            expect(over).toEqual({ measure: "JSON values times the inputs to read", size: values * inputs, limit: jsonValuesTimesInputs });
          else expect(over).toBeUndefined();
        },
      ),
    );
  });

  it("a 900 KB text is refused by readState without reading, with the size and the limit", async () => {
    const text = generatedEvidence(900 * 1024);
    let asked = 0;
    const spy: Reader = { ...textReader, read: (r) => (asked++, textReader.read(r)) };
    const out = await readState(modelOf("lending"), text, spy, "fast");
    expect(out).toEqual({ tooLarge: { measure: "characters of text", size: text.length, limit: EMBEDDED_LIMITS.textChars } });
    expect(asked).toBe(0);
  });

  it("the size limit is the reader's: a reader without one reads any size, and nothing is refused when nothing is asked", async () => {
    const text = "x".repeat(EMBEDDED_LIMITS.textChars + 1);
    const unlimited: Reader = { name: "any", read: async () => ({ values: {}, usage: { input_tokens: 0, output_tokens: 0 } }) };
    const read = await readState(modelOf("lending"), text, unlimited, "fast");
    expect("tooLarge" in read).toBe(false);
    const given = {
      "credit score": 700,
      "annual income": 1,
      "monthly debt": 0,
      "loan amount": 5,
      employment: "retired",
      notes: "y".repeat(EMBEDDED_LIMITS.jsonTextChars + 1),
    };
    const all = await readState(modelOf("lending"), given, textReader, "fast");
    expect(all).toMatchObject({ given: { "credit score": 700 }, missing: [] });
  });

  it("a text at the limit is read, linearly", () => {
    const text = generatedEvidence(EMBEDDED_LIMITS.textChars).slice(0, EMBEDDED_LIMITS.textChars);
    const inputs = modelOf("lending").ir.inputs;
    const quarter = steps((m) => readText(inputs, text.slice(0, text.length / 4), REFERENCE, m));
    const whole = steps((m) => readText(inputs, text, REFERENCE, m));
    expect(whole / quarter).toBeLessThan(5);
  });
});
