// JSON exports in other systems' words: a list of field rows (`{"fld": …, "val": …}`) read as the
// object it stands for, its higher revision where a field is listed twice; a date read by the
// pattern written beside it (`"incep_fmt": "DD/MM/YYYY"`, Turkish `GG.AA.YYYY`); an amount under the
// key of its minor unit (`{"minor": 215000, "minor_per_major": 100}`, `_centavos`, `_kurus`); keys
// in Turkish, Spanish and German words (`hasar` › `tarih`, `polis_raporu`, `asientos`,
// `zahlungsausfall_frueher`, `brutto_jahr`); a yes/no flag spelled by a legend of yes and no
// whose key names no fact (`"evet_hayir": {"E": "evet", "H": "hayır"}`).
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byPattern, datePattern } from "../../src/providers/readers/json-date-formats.js";
import { fieldRows } from "../../src/providers/readers/json-field-rows.js";
import { compile, readJsonThrough, sample } from "./helpers.js";

/** A model of the evidence cases (test/fixtures/evidence/models/). */
const caseModel = (name: string) =>
  compile(JSON.parse(readFileSync(new URL(`../fixtures/evidence/models/${name}.json`, import.meta.url), "utf8")));

const lending = sample("lending");
const claims = sample("claims-triage");
const pricing = sample("pricing");

const iso = (y: number, m: number, d: number): string => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const two = (n: number): string => String(n).padStart(2, "0");

describe("a list of field rows", () => {
  it("is read as its fields, the highest revision of a field listed twice", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 1000, max: 90_000 }),
        fc.boolean(),
        fc.constantFrom(["fld", "val", "rev"], ["field", "value", "version"], ["attribute", "value", "rev"]),
        async (older, newer, amount, newerFirst, [f, v, r]) => {
          const rows = [
            { [f]: "BUREAU_SCORE", [v]: String(older), [r]: 1 },
            { [f]: "BUREAU_SCORE", [v]: String(newer), [r]: 2 },
          ];
          const read = await readJsonThrough(lending, {
            app: "LN-1",
            rows: [...(newerFirst ? rows.reverse() : rows), { [f]: "REQ_AMT", [v]: `${amount}.00`, unit: "USD" }],
          });
          expect(read["credit score"]?.value).toBe(newer);
          expect(read["loan amount"]?.value).toBe(amount);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("leaves a field changed with no revision numbers to the event readers", () => {
    const log = [
      { field: "loss_date", value: "2026-05-19", at: "2026-05-21T10:00:00Z" },
      { field: "loss_date", value: "2026-05-18", at: "2026-05-22T10:00:00Z" },
    ];
    expect(fieldRows(log)).toBeUndefined();
    expect(
      fieldRows([
        { field: "a", value: 1, colour: "red" },
        { field: "b", value: 2 },
      ]),
    ).toBeUndefined();
  });
});

describe("a date beside its pattern", () => {
  const PATTERNS: [string, (y: number, m: number, d: number) => string][] = [
    ["DD/MM/YYYY", (y, m, d) => `${two(d)}/${two(m)}/${y}`],
    ["MM/DD/YYYY", (y, m, d) => `${two(m)}/${two(d)}/${y}`],
    ["GG.AA.YYYY", (y, m, d) => `${two(d)}.${two(m)}.${y}`],
    ["TT.MM.JJJJ", (y, m, d) => `${two(d)}.${two(m)}.${y}`],
    ["YYYYMMDD", (y, m, d) => `${y}${two(m)}${two(d)}`],
  ];
  it("is read by it, whichever of day and month could come first", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATTERNS),
        fc.integer({ min: 2015, max: 2025 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom("fmt", "format", "formati"),
        async ([pattern, write], y, m, d, word) => {
          expect(byPattern(write(y, m, d), datePattern(pattern)!)).toBe(iso(y, m, d));
          const read = await readJsonThrough(claims, { pol: { incep: write(y, m, d), [`incep_${word}`]: pattern } });
          expect(read["policy start"]?.value).toBe(iso(y, m, d));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("says nothing of a pattern without a day, a month and a year, or of a day that is none", () => {
    expect(datePattern("MM/YYYY")).toBeUndefined();
    expect(datePattern("DD/DD/YYYY")).toBeUndefined();
    expect(byPattern("31/02/2024", datePattern("DD/MM/YYYY")!)).toBeUndefined();
  });
});

describe("an amount in minor units", () => {
  it("under the key of its unit alone is read in whole units, by the ratio beside it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 5_000_000 }), async (minor) => {
        const read = await readJsonThrough(claims, { clm: { amt: { minor, ccy: "USD", minor_per_major: 100 } } });
        expect(read["claim amount"]?.value).toBeCloseTo(minor / 100, 6);
      }),
      { numRuns: 30 },
    );
  });

  it("under a key of another language's minor unit is read in whole units", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1000, max: 500_000 }), fc.constantFrom("centavos", "centimos", "kurus"), async (n, unit) => {
        const read = await readJsonThrough(pricing, { cotizacion: { [`precio_lista_${unit}_anual`]: n } });
        expect(read["list price"]?.value).toBeCloseTo(n / 100, 6);
      }),
      { numRuns: 30 },
    );
  });
});

describe("keys in other languages' words", () => {
  const property = caseModel("property-claims");
  it("name the facts of a claim in Turkish, a flag spelled by a legend of yes and no", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<[string, boolean]>(["E", true], ["H", false]),
        fc.integer({ min: 2, max: 27 }),
        async ([flag, yes], d) => {
          const read = await readJsonThrough(property, {
            dosya: "KS-1",
            hasar: { tarih: iso(2025, 3, d), polis_raporu: flag, evet_hayir: { E: "evet", H: "hayır" } },
          });
          expect(read["loss date"]?.value).toBe(iso(2025, 3, d));
          expect(read["police report"]?.value).toBe(yes);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("name a prior default and a gross yearly income in German, seats and an uplift in Spanish", async () => {
    const loan = await readJsonThrough(caseModel("loan-application"), {
      einkommen: { brutto_jahr: "61.200,00" },
      zahlungsausfall_frueher: "N",
      legende_jn: { J: "ja", N: "nein" },
    });
    expect(loan["annual income"]?.value).toBe(61200);
    expect(loan["prior default"]?.value).toBe(false);
    const quote = await readJsonThrough(pricing, { cotizacion: { asientos: "75", incremento_anual_pct: "4" } });
    expect(quote.quantity?.value).toBe(75);
    expect(quote["annual uplift"]?.value).toBe(4);
  });
});
