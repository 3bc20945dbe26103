// A text that is one structured document — YAML in blocks, XML, a URL query string — is read by its
// keys, as the JSON it stands for; a value an OCR engine wrapped with its confidence is read as
// the value, the engine's doubt carried to ours. Documents are generated: the inputs' names in
// any key style, under random wrappers and nesting, with random values that must come back.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { embeddedReader } from "../../src/providers/readers/embedded.js";
import { formFields } from "../../src/providers/readers/json-form-encoded.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import type { ReadValue } from "../../src/providers/types.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;
const REF = "2026-11-25";

type Doc = { [key: string]: Doc | string | number | boolean | null | Doc[] };

/** How an export may spell an input's name as a key. */
const keyStyle = fc.constantFrom(
  (w: string[]) => w.join("_"),
  (w: string[]) =>
    w[0] +
    w
      .slice(1)
      .map((x) => x[0]!.toUpperCase() + x.slice(1))
      .join(""),
  (w: string[]) => w.join("-"),
);
/** Records an export may keep the applicant's figures under. */
const wrapper = fc.constantFrom("applicant", "application", "file", "details", "case", "borrower");
const figures = fc.record({
  "credit score": fc.integer({ min: 300, max: 850 }),
  "annual income": fc.integer({ min: 12, max: 400 }).map((k) => k * 500),
  "loan amount": fc.integer({ min: 2, max: 180 }).map((k) => k * 250),
  employment: fc.constantFrom("salaried", "contractor", "retired", "unemployed"),
});
/** A document of the figures: each under its name in the drawn style, nested a random depth (one at least) under wrappers, beside a reference and a date. */
const documents = fc
  .tuple(figures, keyStyle, fc.array(wrapper, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(2), { minLength: 4, maxLength: 4 }))
  .map(([values, style, wrappers, depths]) => {
    const doc: Doc = { ref: "LN-2231", exported: "2026-11-20" };
    Object.entries(values).forEach(([name, value], i) => {
      let at = doc;
      for (const w of wrappers.slice(0, 1 + (depths[i]! % wrappers.length))) at = (at[w] ??= {}) as Doc;
      at[style(name.split(" "))] = value;
    });
    return { values, doc };
  });

const read = async (state: unknown): Promise<Record<string, ReadValue>> =>
  (await embeddedReader(state).read({ inputs: lending, schema: {}, state, mode: "fast", reference: REF })).values;
const valuesOf = (read: Record<string, ReadValue>) => Object.fromEntries(Object.entries(read).map(([k, v]) => [k, v.value]));

/** A document written as block YAML, comments after some values. */
function yaml(doc: Doc, indent = ""): string {
  return Object.entries(doc)
    .map(([k, v]) =>
      v !== null && typeof v === "object"
        ? `${indent}${k}:\n${yaml(v as Doc, `${indent}  `)}`
        : `${indent}${k}: ${typeof v === "string" && /^\d{4}-/.test(v) ? `"${v}"` : String(v)}${typeof v === "number" ? "   # as stated" : ""}\n`,
    )
    .join("");
}

/** A document written as XML, scalars as elements or as attributes of their parent. */
function xml(name: string, doc: Doc, attributes: boolean): string {
  const scalars = Object.entries(doc).filter(([, v]) => v === null || typeof v !== "object");
  const records = Object.entries(doc).filter(([, v]) => v !== null && typeof v === "object");
  const attrs = attributes ? scalars.map(([k, v]) => ` ${k}="${String(v)}"`).join("") : "";
  const elements = attributes ? [] : scalars.map(([k, v]) => `<${k}>${String(v)}</${k}>`);
  return `<${name}${attrs}>${[...elements, ...records.map(([k, v]) => xml(k, v as Doc, attributes))].join("\n")}</${name}>`;
}

describe("a text that is a YAML document", () => {
  it("reads each figure back whatever its key style and nesting", async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.boolean(), async ({ values, doc }, header) => {
        const text = `${header ? "# exported from the loan system\n---\n" : ""}${yaml(doc)}`;
        expect(valuesOf(await read(text)), text).toMatchObject(values);
      }),
      { numRuns: 60 },
    );
  });
  it("reads a list of debt records under a key as the records they are", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 10, max: 900 }), { minLength: 1, maxLength: 4 }), async (payments) => {
        const debts = payments.map((p, i) => `  - creditor: lender ${"ABCD"[i]}\n    monthly_payment: ${p}\n`).join("");
        const text = `applicant:\n  name: R. Osei\n  credit_score: 700\ndebts:\n${debts}`;
        expect((await read(text))["monthly debt"]?.value, text).toBe(payments.reduce((a, b) => a + b, 0));
      }),
      { numRuns: 30 },
    );
    // a run of labels, and a heading over bullets, are notes: read as a text
    for (const text of ["Name: Ana\nCredit score: 700", "Notes from the call:\n- wants 9,000\n- score 700"])
      expect(embeddedReader(text).name).toBe("text");
  });
});

describe("a text that is an XML document", () => {
  it("reads each figure back from elements or attributes, at any nesting", async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.boolean(), fc.boolean(), async ({ values, doc }, attributes, declared) => {
        const text = `${declared ? '<?xml version="1.0" encoding="UTF-8"?>\n' : ""}${xml("export", doc, attributes)}`;
        expect(valuesOf(await read(text)), text).toMatchObject(values);
      }),
      { numRuns: 60 },
    );
  });
});

describe("a text that is a URL query string", () => {
  it("reads each figure back, encoded, alone or after a URL", async () => {
    await fc.assert(
      fc.asyncProperty(figures, keyStyle, fc.boolean(), async (values, style, url) => {
        const query = new URLSearchParams(Object.entries(values).map(([k, v]) => [style(k.split(" ")), String(v)])).toString();
        const text = url ? `https://apply.example.test/loan/submit?${query}&note=sent+from+web` : query;
        expect(valuesOf(await read(text)), text).toMatchObject(values);
      }),
      { numRuns: 60 },
    );
  });
  it("holds a key given again as the list of its values", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 5 }), fc.string({ maxLength: 8 }), (tags, other) => {
        const encoded = new URLSearchParams([["other", other], ...tags.map((t): [string, string] => ["tag", t])]).toString();
        expect(formFields(encoded)).toEqual({ other, tag: tags });
      }),
      { numRuns: 60 },
    );
  });
});

describe("values wrapped with a source's confidence", () => {
  const wrap = fc.constantFrom(
    (value: unknown, c: number) => ({ value, confidence: c }),
    (value: unknown, c: number) => ({ text: String(value), score: c, page: 1 }),
    (value: unknown, c: number) => ({ v: value, conf: Math.round(c * 100) }),
  );
  it("reads the value (or nothing, below our floor), no surer than a sure source would make it, less sure as the source is", () => {
    fc.assert(
      fc.property(figures, wrap, fc.double({ min: 0.05, max: 1, noNaN: true }), ({ employment, ...values }, style, c) => {
        const plain = { applicant: { ...values, employment } };
        const state = { applicant: { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, style(v, c)])), employment } };
        const [ours, theirs] = [readJson(lending, plain, REF), readJson(lending, state, REF)];
        for (const [name, value] of Object.entries(values)) {
          if (c >= 0.5 || theirs[name] !== undefined) expect(theirs[name]?.value, JSON.stringify(state)).toBe(value);
          expect(theirs[name]?.confidence ?? 0).toBeLessThanOrEqual(ours[name]!.confidence);
          if (c < 0.6) expect(theirs[name]?.confidence ?? 0).toBeLessThan(ours[name]!.confidence * 0.65);
        }
      }),
      { numRuns: 80 },
    );
    // a credit score's own record is no wrapped value
    expect(readJson(lending, { applicant: { credit: { score: 712, bureau: "TU" } } }, REF)["credit score"]?.value).toBe(712);
  });
});
