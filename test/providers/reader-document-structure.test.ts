// Document structure is read before cues: JSON an XML converter wrote (`@attributes`, `#text`,
// xml2js's `$`/`_` and arrays of one) as the plain JSON it stands for; key/value pairs (`k`/`v`)
// as an object, even as the whole state; CSV or semicolon tables inside JSON strings, and a line of
// cells beside its column names, as records; a tab-separated table pasted into a text as rows and
// columns; a scan's misread figures ("2O26-O1-15", "l,85O.OO") as digits, its words as letters, its
// values never sure; a word broken over two lines as one; a duration's unit beside its figure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asPlainJson } from "../../src/providers/readers/json-elements.js";
import { delimitedRecords, withDelimitedTables } from "../../src/providers/readers/json-delimited.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { textTables } from "../../src/providers/readers/text-tables.js";
import { repairedFigures } from "../../src/providers/readers/text/ocr-figures.js";
import { blankOverlongRuns } from "../../src/providers/readers/text/long-runs.js";
import { tokenize } from "../../src/providers/readers/text/tokens.js";
import { joinedWraps } from "../../src/providers/readers/text/wrapped-words.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;
const claims = sample("claims-triage").ir.inputs;
const pricing = sample("pricing").ir.inputs;
const household = sample("eligibility").ir.inputs;
const REF = "2026-11-25";
/** A claim's three dates and amount, as the claims model names them. */
const claim = (start: string, incident: string, report: string, amount: number) => ({
  "policy start": start,
  "incident date": incident,
  "report date": report,
  "claim amount": amount,
});
const valuesOf = (read: Record<string, { value: unknown }>) => Object.fromEntries(Object.entries(read).map(([k, v]) => [k, v.value]));

/** Writes a plain record as one XML converter would: attributes for the scalars named in `attrs`, text elements for the rest. */
type Convention = "attributes" | "underscore" | "xml2js" | "prefixed";
function asConverted(o: Record<string, unknown>, attrs: Set<string>, c: Convention): unknown {
  const wrap = (v: unknown) => (c === "xml2js" ? [v] : v);
  const text = (v: unknown) =>
    c === "attributes" || c === "prefixed" ? { "#text": v } : c === "underscore" ? { _text: v } : { _: v, $: { src: "x" } };
  const out: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v !== null && typeof v === "object") out[k] = wrap(asConverted(v as Record<string, unknown>, attrs, c));
    else if (attrs.has(k)) attributes[k] = v;
    else out[k] = wrap(text(v));
  }
  if (Object.keys(attributes).length > 0) {
    if (c === "attributes") out["@attributes"] = attributes;
    else if (c === "underscore") out["_attributes"] = attributes;
    else if (c === "xml2js") out["$"] = attributes;
    else for (const [k, v] of Object.entries(attributes)) out[`@_${k}`] = v;
  }
  return out;
}

describe("JSON an XML converter wrote", () => {
  const plain = fc.record({
    CreditScore: fc.integer({ min: 300, max: 850 }).map(String),
    AnnualIncome: fc.integer({ min: 10, max: 400 }).map((k) => String(k * 1000)),
    LoanAmount: fc.integer({ min: 1, max: 90 }).map((k) => String(k * 500)),
    MonthlyDebt: fc.integer({ min: 0, max: 3000 }).map(String),
  });
  const conventions = fc.constantFrom<Convention>("attributes", "underscore", "xml2js", "prefixed");
  const keys = ["CreditScore", "AnnualIncome", "LoanAmount", "MonthlyDebt"];

  it("reads as the plain JSON it stands for, whichever converter's marks and whichever facts are attributes", () => {
    fc.assert(
      fc.property(plain, conventions, fc.subarray(keys), (p, c, attrs) => {
        const doc = { Application: { Id: "A-1", Applicant: p } };
        const converted = { Application: asConverted(doc.Application, new Set(attrs), c) };
        const read = valuesOf(readJson(lending, converted, REF));
        expect(read["credit score"]).toBe(Number(p.CreditScore));
        expect(read["annual income"]).toBe(Number(p.AnnualIncome));
        expect(read["loan amount"]).toBe(Number(p.LoanAmount));
        expect(read["monthly debt"]).toBe(Number(p.MonthlyDebt));
      }),
      { numRuns: 60 },
    );
  });

  it("keeps an element's attributes beside its text: a period and a code", () => {
    const state = {
      App: {
        Income: { "@attributes": { currency: "USD", period: "monthly" }, "#text": "6250.00" },
        Disability: { "@attributes": { code: "N" } },
        Note: { "@attributes": { code: "Y" }, "#text": "documented by the clinic in May" },
      },
    };
    expect(asPlainJson(state)).toEqual({
      App: {
        Income: { currency: "USD", period: "monthly", value: "6250.00" },
        Disability: "N",
        Note: { code: "Y", description: "documented by the clinic in May" },
      },
    });
    expect(readJson(lending, state, REF)["annual income"]?.value).toBe(75000);
  });

  it("leaves a document with no converter's mark as it is", () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const v = JSON.parse(text) as unknown;
        const marked = /"(@|#text|_text|_attributes|\$t?"|_")/.test(text);
        if (!marked) expect(asPlainJson(v)).toBe(v);
      }),
    );
  });
});

describe("key/value pairs", () => {
  it("read as an object, also as the whole state (`k`/`v`)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 1, max: 90 }),
        fc.boolean(),
        fc.constantFrom(["k", "v"], ["key", "value"], ["name", "val"]),
        (score, k, top, [kk, vk]) => {
          const pairs = [
            { [kk!]: "APP_ID", [vk!]: "PL-1" },
            { [kk!]: "BUREAU_SCORE", [vk!]: String(score) },
            { [kk!]: "LOAN_AMT_REQ", [vk!]: `${k},000` },
          ];
          const read = valuesOf(readJson(lending, top ? pairs : { fields: pairs }, REF));
          expect(read["credit score"]).toBe(score);
          expect(read["loan amount"]).toBe(k * 1000);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("tables inside JSON strings", () => {
  const cell = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,10}[A-Za-z0-9]$/);
  it("a header line and rows, cut by a comma, a semicolon, a tab or a bar, are read as records", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom("name", "age", "monthly income", "status", "kind"), { minLength: 3, maxLength: 5 }),
        fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(",", ";", "\t", "|"),
        (names, rows, d) => {
          const s = [names.join(d), ...rows.map((r) => r.slice(0, names.length).join(d))].join("\n");
          expect(delimitedRecords(s)).toEqual(rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i]!.trim()]))));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("leaves prose with line breaks and commas as it is", () => {
    const note = "Called the client, no answer.\nLeft a message, will try again, Tuesday.";
    expect(delimitedRecords(note)).toBeUndefined();
    expect(withDelimitedTables({ note })).toEqual({ note });
  });

  it("a household's members from a CSV string; a claim from a line of cells beside its column names", () => {
    const intake = {
      applicant: { name: "Ana Ruiz", age: 40, monthlyIncome: 1800, disabled: false },
      otherMembersCsv: 'name,age,monthly income,disabled\n"Ruiz, Leo",12,0,yes\nMara Ruiz,44,2100,no',
      rentMonthly: "950",
    };
    expect(readJson(household, intake, REF).members?.value).toEqual([
      { name: "Ruiz, Leo", age: 12, income: 0, disabled: true },
      { name: "Mara Ruiz", age: 44, income: 2100, disabled: false },
    ]);
    const portal = {
      columns: "policy|inception|loss|notified|amount_claimed",
      claimLine: "P-9|2025-03-01|2026-06-02|2026-06-05|4,210.00",
    };
    expect(valuesOf(readJson(claims, portal, REF))).toMatchObject(claim("2025-03-01", "2026-06-02", "2026-06-05", 4210));
  });
});

describe("a tab-separated table in a text", () => {
  const ROWS: [string, string, string][] = [
    ["Customer tier", "Silver", "silver"],
    ["Seats", "340", "340"],
    ["List price / seat / yr", "$72.00", "72"],
    ["Coupon", "12%", "12"],
    ["Term (yrs)", "3", "3"],
  ];
  const INPUTS = ["customer tier", "quantity", "list price", "coupon percent", "contract years"];
  it("a form of labels and values, its rows in any order, is read by its labels", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          ROWS.map((_, i) => i),
          { minLength: 5, maxLength: 5 },
        ),
        fc.boolean(),
        (order, header) => {
          const text = [
            "Quote Q-88 (pasted from the sheet)",
            ...(header ? ["Field\tValue\tComment"] : []),
            ...order.map((i) => `${ROWS[i]![0]}\t${ROWS[i]![1]}${header ? "\t" : ""}`),
          ].join("\n");
          const read = valuesOf(readText(pricing, text, REF));
          order.forEach((i) => expect(String(read[INPUTS[i]!])).toBe(ROWS[i]![2]));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a bordereau's one row is read by its column names, the total row left out", () => {
    const text = [
      "Monthly bordereau (dates YYYY-MM-DD)",
      "",
      "Ref\tInception\tDate of Loss\tDate Notified\tPeril\tAmount Claimed\tReserve",
      "C-1\t2026-02-01\t2026-09-03\t2026-09-09\tTHEFT\t2,480.00\t3,000.00",
      "TOTAL\t\t\t\t\t2,480.00\t3,000.00",
    ].join("\n");
    expect(textTables(text)).toMatchObject({ "Date of Loss": "2026-09-03" });
    expect(valuesOf(readText(claims, text, REF))).toMatchObject(claim("2026-02-01", "2026-09-03", "2026-09-09", 2480));
  });

  it("leaves out of a record the columns its continuing rows fill (a claim's lines)", () => {
    expect(textTables("Ref\tLoss\tItem\tAmount\nC-1\t2026-08-02\tdoor\t900\n\t\ttow\t120\nTotal\t\t\t1020")).toEqual({
      Ref: "C-1",
      Loss: "2026-08-02",
    });
  });
});

describe("a scan's misread figures", () => {
  const misread = (s: string, flips: boolean[]) =>
    [...s].map((c, i) => (flips[i % flips.length] ? (c === "0" ? "O" : c === "1" ? "l" : c) : c)).join("");
  it("are put back as digits in every figure, and the text keeps its length", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
        // a figure misread in every digit is a word: each keeps one true digit, its first
        fc.integer({ min: 100, max: 99999 }).filter((n) => !/^[01]/.test(String(n))),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        (d, amount, flips) => {
          const iso = d.toISOString().slice(0, 10);
          const money = `${amount.toLocaleString("en-US")}.00`;
          const clean = `Date of loss: ${iso}\nAmount: ${money} (see quote)`;
          const scanned = misread(clean, flips);
          const repaired = repairedFigures(scanned);
          expect(repaired.length).toBe(scanned.length);
          expect(repaired).toContain(iso);
          expect(repaired).toContain(money);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("leave words alone in a text with no misread figure", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 .,:\n-]{0,80}$/), (s) => {
        if (!/(?<![A-Za-z0-9])[0-9OolIS.,:/-]*\d[0-9.,:/-]*[OolIS]|[OolIS][0-9OolIS.,:/-]*\d/.test(s)) expect(repairedFigures(s)).toBe(s);
      }),
    );
    expect(repairedFigures("H1N1 vaccine, Oslo office, room 101")).toBe("H1N1 vaccine, Oslo office, room 101");
  });

  it("a scanned claim form is read, no value above 0.85", () => {
    const text = [
      "CLAIM N0TIFICATI0N F0RM (scanned)",
      "Po1icy effective date: 2O25-O4-O1",
      "Date of inc1dent: 2O26-O7-l9",
      "Date rep0rted: 2l Ju1 2O26",
      "Amount c1aimed (USD): 3,l5O.OO",
    ].join("\n");
    const read = readText(claims, text, REF);
    expect(valuesOf(read)).toMatchObject(claim("2025-04-01", "2026-07-19", "2026-07-21", 3150));
    for (const v of Object.values(read)) expect(v.confidence).toBeLessThanOrEqual(0.85);
  });
});

describe("line breaks and boxes", () => {
  it("a word broken with a hyphen at a line's end is joined, the text keeping its length", () => {
    const text = "Total gross annual in-\n  come ....... $ 36,000\nLoan amount re-\nquested: $ 12,000";
    const joined = joinedWraps(text);
    expect(joined.length).toBe(text.length);
    expect(joined).toContain("annual income");
    expect(joined).toContain("amount requested:");
    expect(joinedWraps("Mid-\nWest office")).toBe("Mid-\nWest office");
  });

  it("an empty box before a hyphenated option leaves every part of it unticked", () => {
    const read = readText(lending, "Employment status: [x] Retired (since 2019)  [ ] Employed  [ ] Self-employed", REF);
    expect(read.employment?.value).toBe("retired");
  });

  it("a box ticked beside yes or no in a JSON value answers the yes/no", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.constantFrom("x", "X", "✓"), (yes, yesFirst, mark) => {
        const box = (word: string, on: boolean) => `[${on ? mark : " "}] ${word}`;
        const answer = yesFirst ? `${box("yes", yes)}  ${box("no", !yes)}` : `${box("No", !yes)} ${box("Yes", yes)}`;
        expect(readJson(pricing, { quoteId: "Q-1", "Tax exempt cert?": answer }, REF)["tax exempt"]?.value).toBe(yes);
      }),
      { numRuns: 30 },
    );
  });

  it("a line of amounts named by their kinds, cut by semicolons, is summed for a total", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 2, maxLength: 5 }), (amounts) => {
        const kinds = ["auto", "personal loan", "store card", "student loan", "mortgage"];
        const line = amounts.map((a, i) => `${kinds[i]} ${a}`).join("; ");
        const read = readJson(
          lending,
          {
            fields: [
              { key: "DEBT_PMTS_MO", value: line },
              { key: "LOAN_AMT_REQ", value: "9,500" },
            ],
          },
          REF,
        );
        expect(read["monthly debt"]?.value).toBe(amounts.reduce((a, b) => a + b, 0));
      }),
      { numRuns: 30 },
    );
  });

  it("a duration's unit beside its figure counts in that unit", () => {
    expect(readJson(pricing, { quote: { term: { unit: "months", value: "36" }, seats: 12 } }, REF)["contract years"]?.value).toBe(3);
  });
});

describe("structure passes are linear in the evidence", () => {
  /** CPU time of `f`, the least of three runs. */
  const cpu = (f: () => unknown): number => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = process.cpuUsage();
      f();
      const d = process.cpuUsage(t);
      best = Math.min(best, d.user + d.system);
    }
    return best;
  };
  /** Below this many microseconds a pass is too quick to time: it counts as this long. */
  const TIMED = 2000;
  /**
   * One pass over eight times the evidence against eight passes over the evidence: linear work
   * gives a ratio near 1, all-pairs work near 8 (the bound is 4). Both sides take as long, so the
   * machine's load weighs on both alike. A burst of other work during one side can still push a
   * linear pass's ratio past the bound once (CI's loaded run did), never all-pairs work below it:
   * the least of up to five measurements, after a pass of each size untimed, is the pass's ratio.
   */
  const BOUND = 4;
  const ratio = (make: (n: number) => unknown, pass: (x: never) => unknown, n: number) => {
    const small = make(n) as never;
    const large = make(8 * n) as never;
    // each size run once before it is timed (its code compiled, its heap grown), as the denials' test did
    pass(large);
    pass(small);
    let least = Infinity;
    for (let attempt = 0; attempt < 5 && least >= BOUND; attempt++) {
      const once = cpu(() => pass(large));
      const eight = cpu(() => {
        for (let i = 0; i < 8; i++) pass(small);
      });
      least = Math.min(least, Math.max(TIMED, once) / Math.max(TIMED, eight));
    }
    return least;
  };
  const piece = fc.constantFrom("2O26-O1-l5 ", "Po1icy ", "in-\n come ", "a\tb\tc\n", "l,85O.OO ", "OOOO", "-\n", "\t\t", "word ");

  it("on texts made of scanned figures, wraps and tab-cut lines of any mix", () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 3, maxLength: 8 }), (pieces) => {
        const make = (n: number) => pieces.join("").repeat(Math.ceil(n / pieces.join("").length));
        for (const pass of [repairedFigures, joinedWraps, textTables]) expect(ratio(make, pass, 40_000)).toBeLessThan(BOUND);
      }),
      { numRuns: 5 },
    );
  });

  it("tokens of texts made of blanks, quote markers turned into blanks, sentence ends and amounts of any mix", () => {
    const blank = fc.constantFrom("  ", " ", "\t", " \t ", "1, ", "1,", "word ", ".", "!", " .", "\n", " \n", "42 ");
    fc.assert(
      fc.property(fc.array(blank, { minLength: 1, maxLength: 6 }), (pieces) => {
        // each piece in a run of its own, as long as the text is
        const make = (n: number) => pieces.map((p) => p.repeat(Math.ceil(n / pieces.length / p.length))).join("x");
        // as the reader tokenizes: runs longer than a word blanked first
        expect(ratio(make, (text: string) => tokenize(blankOverlongRuns(text)), 10_000)).toBeLessThan(BOUND);
      }),
      { numRuns: 5, seed: 46 },
    );
  });

  it("on converter JSON and delimited strings", () => {
    const element = { "@attributes": { period: "monthly" }, "#text": "1,200", Row: "a;b;c\n1;2;3" };
    const make = (n: number) => ({ items: Array.from({ length: n / 20 }, () => element), columns: "a;b;c", line: "1;2;3" });
    expect(ratio(make, asPlainJson, 40_000)).toBeLessThan(BOUND);
    expect(ratio(make, withDelimitedTables, 40_000)).toBeLessThan(BOUND);
  });
});
