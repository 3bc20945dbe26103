// A roster of people exported by another system, in its own words: the row whose role (or
// relationship, or a flag) says it is the applicant fills the struct input, the other rows the list
// input, each field by the input's own field names and types. A row whose role is left in doubt is
// left out; a roster with two applicants, or none named, fills neither.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJsonThrough, sample } from "./helpers.js";

const eligibility = sample("eligibility");

interface Person {
  name: string;
  age: number;
  income: number;
  disabled: boolean;
}

/** One export system's words: its keys, its applicant's role words, its other roles, its yes and no. */
interface System {
  role: string;
  applicant: string[];
  others: string[];
  name: string;
  age: string;
  income: string;
  /** an income key in cents (`inkomen_pm_cent`) */
  cents?: boolean;
  disabled: string;
  yes: unknown;
  no: unknown;
  unclear: string[];
}

const SYSTEMS: System[] = [
  {
    role: "role",
    applicant: ["Applicant", "APPL", "applicant"],
    others: ["spouse", "child", "parent"],
    name: "full_name",
    age: "age_yrs",
    income: "income_monthly",
    disabled: "disabled_yn",
    yes: "Y",
    no: "N",
    unclear: ["?", "unknown", "TBC"],
  },
  {
    role: "relatie",
    applicant: ["hoofdaanvrager", "aanvrager", "Aanvrager"],
    others: ["partner", "kind", "zoon"],
    name: "naam",
    age: "leeftijd",
    income: "inkomen_pm_cent",
    cents: true,
    disabled: "beperking",
    yes: "ja",
    no: "nee",
    unclear: ["onbekend", "?"],
  },
  {
    role: "Rolle",
    applicant: ["Antragsteller", "Antragstellerin"],
    others: ["Ehepartner", "Kind", "Tochter"],
    name: "Name",
    age: "Alter",
    income: "Einkommen_monatlich",
    disabled: "Behinderung",
    yes: "ja",
    no: "nein",
    unclear: ["unbekannt", "?"],
  },
  {
    role: "parentesco",
    applicant: ["solicitante", "Solicitante"],
    others: ["cónyuge", "hijo", "hija"],
    name: "nombre",
    age: "edad",
    income: "ingresos_mensuales",
    disabled: "discapacidad",
    yes: "sí",
    no: "no",
    unclear: ["desconocido", "¿?"],
  },
  {
    role: "rol",
    applicant: ["başvuran", "BASVURAN"],
    others: ["eş", "çocuk", "anne"],
    name: "ad",
    age: "yas",
    income: "gelir_aylik",
    disabled: "engelli",
    yes: "evet",
    no: "hayır",
    unclear: ["bilinmiyor", "?"],
  },
  {
    role: "roll",
    applicant: ["SÖKANDE", "sökande"],
    others: ["MAKE", "BARN"],
    name: "namn",
    age: "ålder",
    income: "ink_manad",
    disabled: "funktionsnedsättning",
    yes: "J",
    no: "N",
    unclear: ["okänd", "?"],
  },
  {
    role: "Rôle",
    applicant: ["demandeur", "demandeuse"],
    others: ["conjoint", "enfant", "fille"],
    name: "Nom",
    age: "Âge",
    income: "revenu_mensuel",
    disabled: "handicap",
    yes: "oui",
    no: "non",
    unclear: ["inconnu", "?"],
  },
];

const person: fc.Arbitrary<Person> = fc.record({
  name: fc.constantFrom("Ada Brook", "Imre Kovacs", "Lotte Smit", "Omar Haddad", "Mei Tan", "Rui Costa", "Elif Kaya"),
  age: fc.integer({ min: 1, max: 90 }),
  income: fc.integer({ min: 0, max: 9000 }),
  disabled: fc.boolean(),
});

/** A person as the system writes one row of its roster, under the role given. */
const row = (s: System, p: Person, role: string): Record<string, unknown> => ({
  [s.role]: role,
  [s.name]: p.name,
  [s.age]: p.age,
  [s.income]: s.cents ? p.income * 100 : p.income,
  [s.disabled]: p.disabled ? s.yes : s.no,
});

/** The rows in the order given, the applicant's at `at`. */
const roster = (s: System, applicant: Record<string, unknown>, others: Record<string, unknown>[], at: number) => [
  ...others.slice(0, at),
  applicant,
  ...others.slice(at),
];

const system = fc.constantFrom(...SYSTEMS);
const others = fc.array(person, { minLength: 1, maxLength: 4 });

describe("a roster in another system's words", () => {
  it("fills the applicant from the row its role names, and the members from the others", async () => {
    await fc.assert(
      fc.asyncProperty(system, person, others, fc.nat(), fc.nat(), async (s, app, rest, pick, at) => {
        const rows = roster(
          s,
          row(s, app, s.applicant[pick % s.applicant.length]!),
          rest.map((p, i) => row(s, p, s.others[(pick + i) % s.others.length]!)),
          at % (rest.length + 1),
        );
        const read = await readJsonThrough(eligibility, { case: "X-1", household: { persons: rows } });
        expect(read.applicant?.value).toEqual(app);
        expect(read.members?.value).toEqual(rest);
        expect(read.applicant!.confidence).toBeLessThan(0.9);
      }),
      { numRuns: 60 },
    );
  });

  it("leaves out a row whose role is in doubt, less surely", async () => {
    await fc.assert(
      fc.asyncProperty(system, person, others, person, fc.nat(), async (s, app, rest, doubtful, pick) => {
        const clear = rest.map((p, i) => row(s, p, s.others[(pick + i) % s.others.length]!));
        const rows = [
          row(s, app, s.applicant[pick % s.applicant.length]!),
          ...clear,
          row(s, doubtful, s.unclear[pick % s.unclear.length]!),
        ];
        const read = await readJsonThrough(eligibility, { household: rows });
        const without = await readJsonThrough(eligibility, { household: rows.slice(0, -1) });
        expect(read.applicant?.value).toEqual(app);
        expect(read.members?.value).toEqual(rest);
        expect(read.members!.confidence).toBeLessThan(without.members!.confidence);
      }),
      { numRuns: 40 },
    );
  });

  it("takes the row a primary flag marks, with no role field", async () => {
    await fc.assert(
      fc.asyncProperty(
        person,
        others,
        fc.constantFrom<[string, unknown, unknown]>(
          ["is_primary", true, false],
          ["primary", "Y", "N"],
          ["is_applicant", "yes", "no"],
          ["hoofdaanvrager", "J", "N"],
        ),
        fc.nat(),
        async (app, rest, [flag, yes, no], at) => {
          const plain = (p: Person, mark: unknown) => ({
            name: p.name,
            age: p.age,
            monthly_income: p.income,
            disabled: p.disabled,
            [flag]: mark,
          });
          const rows = [...rest.map((p) => plain(p, no))];
          rows.splice(at % (rest.length + 1), 0, plain(app, yes));
          const read = await readJsonThrough(eligibility, { people: rows });
          expect(read.applicant?.value).toEqual(app);
          expect(read.members?.value).toEqual(rest);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("leaves out a row its own flag says is no member of the household", async () => {
    await fc.assert(
      fc.asyncProperty(
        system,
        person,
        others,
        person,
        fc.constantFrom("hh_member", "is_resident", "household_member"),
        async (s, app, rest, away, flag) => {
          const flagged = (r: Record<string, unknown>, member: boolean) => ({ ...r, [flag]: member });
          const rows = [
            flagged(row(s, app, s.applicant[0]!), true),
            ...rest.map((p, i) => flagged(row(s, p, s.others[i % s.others.length]!), true)),
            flagged(row(s, away, s.others[0]!), false),
          ];
          const read = await readJsonThrough(eligibility, { household: rows });
          expect(read.applicant?.value).toEqual(app);
          expect(read.members?.value).toEqual(rest);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("fills neither from a roster with two applicants, nor from one whose applicant's role is in doubt", async () => {
    await fc.assert(
      fc.asyncProperty(system, person, person, others, fc.boolean(), async (s, a, b, rest, twice) => {
        const first = row(s, a, s.applicant[0]!);
        const second = twice ? row(s, b, s.applicant[s.applicant.length - 1]!) : row(s, b, s.others[0]!);
        const rows = [twice ? first : row(s, a, s.unclear[0]!), second, ...rest.map((p) => row(s, p, s.others[1 % s.others.length]!))];
        const read = await readJsonThrough(eligibility, { household: { persons: rows } });
        expect(read.applicant).toBeUndefined();
        expect(read.members).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
