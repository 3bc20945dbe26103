// Kinds of export the held-out splits showed in JSON: revisions of one record that
// number themselves and say no status (the latest is read), a status glossed after its word
// ("draft - not sent"), a document exported page by page (its pages' fields are one record's), a
// form's line left blank (no item of a total), a document asked about kept as its number or its
// record (`"tax_exempt_cert": "TX-EX-…"`, `{"onFile": true}`), and a person's record keyed in
// another language (`nome`/`cognome`, `fecha_nacimiento`), and a choice named by an unkeyed value
// only one of two choices that share option names reads ("call_for_action": a country's risk).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf, sample } from "./helpers.js";

const quote = inputsOf({ quantity: { type: "number [1..10000]", desc: "How many seats are ordered?" } });
const pricing = sample("pricing").ir.inputs;
const kyc = sample("kyc-risk").ir.inputs;
const lending = sample("lending").ir.inputs;
const eligibility = sample("eligibility").ir.inputs;

/** The items of `list` in the order `keys` sorts them: a shuffle fast-check can shrink. */
const shuffled = <T>(list: T[], keys: number[]): T[] =>
  list
    .map((x, i) => ({ x, k: keys[i % keys.length]! * 31 + i }))
    .sort((a, b) => a.k - b.k)
    .map((e) => e.x);

const REVISION_KEYS = ["rev", "revision", "version", "v", "versione", "versie"];

describe("revisions of one record, numbered, with no status", () => {
  it("read the highest revision, wherever it stands in the list", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 2, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 5, maxLength: 5 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...REVISION_KEYS),
        fc.boolean(),
        (numbers, seats, order, key, asString) => {
          const revisions = numbers.map((n, i) => ({ [key]: asString ? String(n) : n, seats: seats[i]!, term_years: 1 + (i % 3) }));
          const top = numbers.indexOf(Math.max(...numbers));
          expect(readJson(quote, { quote_revisions: shuffled(revisions, order) }).quantity?.value).toBe(seats[top]);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("read no revision when the highest was not the last saved, or two share a number", () => {
    const saved = (rev: number, at: string, seats: number) => ({ rev, saved: at, seats, years: 2 });
    const outOfStep = [saved(1, "2026-09-10 11:20", 100), saved(2, "2026-09-28 17:05", 200), saved(3, "2026-09-21 09:48", 300)];
    const inStep = [saved(1, "2026-09-10 11:20", 100), saved(3, "2026-09-28 17:05", 300), saved(2, "2026-09-21 09:48", 200)];
    const twice = [saved(2, "2026-09-10 11:20", 100), saved(2, "2026-09-28 17:05", 200)];
    expect(readJson(quote, { revisions: outOfStep }).quantity).toBeUndefined();
    expect(readJson(quote, { revisions: inStep }).quantity?.value).toBe(300);
    expect(readJson(quote, { revisions: twice }).quantity).toBeUndefined();
  });

  it("leave records that say a status to their statuses", () => {
    // the highest revision is a draft: the one accepted is read, never the latest by number
    const versions = [
      { v: 1, state: "superseded", seats: 60 },
      { v: 2, state: "accepted", seats: 75 },
      { v: 3, state: "draft", seats: 90 },
    ];
    expect(readJson(quote, { quote_versions: versions }).quantity?.value).toBe(75);
  });
});

describe("a status glossed after its word", () => {
  it("is read by its word", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("draft - not sent", "superseded (by v3)", "Withdrawn: customer asked", "rejected – price too high"),
        fc.constantFrom("accepted - countersigned", "Final (approved)", "signed: 2026-11-20"),
        fc.integer({ min: 1, max: 5000 }),
        fc.boolean(),
        (replaced, inForce, seats, first) => {
          const versions = [
            { status: replaced, seats: seats + 1 },
            { status: inForce, seats },
          ];
          expect(readJson(quote, { quotes: first ? versions : versions.reverse() }).quantity?.value).toBe(seats);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("a document exported page by page", () => {
  const FIELDS: [string, unknown][] = [
    ["4_credit_score", "655"],
    ["3_gross_annual_income", "$ 96,000"],
    ["6_amount_requested", "$ 35,000.00"],
    ["2_employment", "retired"],
  ];

  it("reads its pages' fields as one record's, however the fields fall on its pages", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom("page", "section", "step", "seite", "pagina"),
        fc.constantFrom("fields", "content", "answers"),
        (onPage, partKey, inner) => {
          const pages = [0, 1, 2, 3]
            .map((p) => ({ [partKey]: p + 1, [inner]: Object.fromEntries(FIELDS.filter((_, i) => onPage[i] === p)) }))
            .filter((p) => Object.keys(p[inner] as object).length > 0);
          const read = readJson(lending, { form: "LOAN APPLICATION", pages }, "2026-01-12");
          expect(read["credit score"]?.value).toBe(655);
          expect(read["annual income"]?.value).toBe(96000);
          expect(read["loan amount"]?.value).toBe(35000);
          expect(read.employment?.value).toBe("retired");
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads pages that share a field as several records, whose fields answer nothing alone", () => {
    const pages = [
      { page: 1, fields: { credit_score: 655 } },
      { page: 2, fields: { credit_score: 702 } },
    ];
    expect(readJson(lending, { pages }, "2026-01-12")["credit score"]).toBeUndefined();
  });

  it("counts no line left blank in a total", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 2, maxLength: 4 }),
        fc.nat({ max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        (payments, at, blanks) => {
          const lines: Record<string, string>[] = payments.map((p, i) => ({ creditor: `Lender ${i}`, monthly: `$${p}` }));
          for (let b = 0; b < blanks; b++) lines.splice(at % (lines.length + 1), 0, { creditor: "", monthly: "" });
          const read = readJson(lending, { monthly_debt_payments: lines }, "2026-01-12");
          expect(read["monthly debt"]?.value).toBe(payments.reduce((s, p) => s + p, 0));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a document asked about, kept as its number or its record", () => {
  it("says it is held by its number under a key naming it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("tax_exempt_cert", "salesTaxExemptionCertificate", "exemption_certificate_no"),
        fc.stringMatching(/^[A-Z]{2,4}-[0-9]{3,6}$/),
        fc.constantFrom("", " (valid to 2027-12-31)", " (state of Ohio)"),
        (key, number, gloss) => {
          expect(readJson(pricing, { account: { [key]: `${number}${gloss}` }, seats: 10 }, "2026-06-01")["tax exempt"]?.value).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("says what its record's flag of being on file says, unless it has lapsed", () => {
    fc.assert(
      fc.property(fc.constantFrom("onFile", "certificateOnFile", "provided", "received"), fc.boolean(), (flag, held) => {
        const state = (expires: string) => ({ account: { taxExemption: { [flag]: held, expires } }, seats: 10 });
        expect(readJson(pricing, state("2027-06-30"), "2026-06-01")["tax exempt"]?.value).toBe(held);
        const lapsed = readJson(pricing, state("2025-12-31"), "2026-06-01")["tax exempt"];
        expect(lapsed?.value).toBe(held ? undefined : false);
      }),
      { numRuns: 16 },
    );
  });

  it("reads no number as a yes where the input asks no document, nor a date as a number", () => {
    const pep = readJson(kyc, { screening: { pep_check_id: "CHK-20931", adverse_media: false } }, "2026-06-01");
    expect(pep.pep?.value).not.toBe(true);
    const dated = readJson(pricing, { account: { tax_exempt_cert: "2026-03-01" }, seats: 10 }, "2026-06-01");
    expect(dated["tax exempt"]?.value).not.toBe(true);
  });
});

describe("a person's record keyed in another language", () => {
  const RECORDS: [string, Record<string, unknown>][] = [
    ["richiedente", { nome: "Giulia", cognome: "Ferri", data_nascita: "1990-11-28", reddito_mensile: 1480, invalidita: false }],
    ["solicitante", { nombre: "Lucía", apellidos: "Ferri", fecha_nacimiento: "1990-11-28", ingresos_mensuales: 1480, discapacidad: false }],
    ["demandeur", { prenom: "Giulia", nom: "Ferri", date_naissance: "1990-11-28", revenu_mensuel: 1480, handicap: false }],
    ["requerente", { nome: "Giulia Ferri", data_nascimento: "1990-11-28", rendimento_mensal: 1480, deficiencia: false }],
  ];

  it("reads its name from its parts and its age from its day of birth", () => {
    for (const [key, record] of RECORDS) {
      const read = readJson(eligibility, { [key]: record }, "2026-11-20").applicant?.value as Record<string, unknown> | undefined;
      expect(read?.name).toMatch(/Ferri$/);
      expect(read?.age).toBe(35);
      expect(read?.income).toBe(1480);
      expect(read?.disabled).toBe(false);
    }
  });

  it("reads the income stated in the period asked before one of another period", () => {
    const record = {
      nome: "Giulia",
      cognome: "Ferri",
      eta: 35,
      reddito_mensile_lordo: "1.480,00",
      reddito_2025_annuo: "21.600,00",
      disabile: false,
    };
    expect((readJson(eligibility, { richiedente: record }, "2026-11-20").applicant?.value as { income?: number }).income).toBe(1480);
  });
});

describe("a choice named by an unkeyed value that two choices share by name", () => {
  const RISKS: [string, string][] = [
    ["call_for_action", "high"],
    ["increased monitoring", "medium"],
    ["member_no_strategic_deficiencies", "low"],
  ];

  it("answers the one whose options' words read it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...RISKS), fc.constantFrom("fatf_status", "listing", "standing"), ([value, risk], key) => {
        const read = readJson(kyc, { jurisdiction: { [key]: value }, customer: { kind: "individual" } }, "2026-06-01");
        expect(read["country risk"]?.value).toBe(risk);
        expect(read["product risk"]).toBeUndefined();
      }),
      { numRuns: 12 },
    );
  });

  it("answers neither with an option's bare name both have", () => {
    const read = readJson(kyc, { misc: { flag: "high" }, customer: { kind: "individual" } }, "2026-06-01");
    expect(read["country risk"]).toBeUndefined();
    expect(read["product risk"]).toBeUndefined();
  });
});
