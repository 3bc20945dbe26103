// People in prose (issue 33): a person record and the household's list of them, read from
// generated notes and letters: random names, ages, incomes per week, month or year, yes/no facts
// said or denied, members who moved out. Whatever is answered is right, a person who left is
// never a member, and no record is answered above 0.9.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile, sample } from "./helpers.js";

/** A person type with other field names than the eligibility sample's: the reader goes by the type and the desc. */
const tenancy = compile({
  content: {
    name: "tenancy",
    types: { tenant: { name: "string", age: "number [0..120]", wage: "number >= 0", student: "boolean" } },
    inputs: {
      "lead tenant": {
        type: "tenant",
        desc: "The lead tenant: name, age in years, weekly wage in dollars, and whether they are a student",
      },
      "co tenants": { type: ["tenant"], desc: "Who else lives in the flat: their name, age, weekly wage and whether each is a student" },
    },
    decisions: { people: "count(co tenants) + 1" },
  },
}).ir.inputs;
const eligibility = sample("eligibility").ir.inputs;

const FIRST = [
  "Maya",
  "Tobias",
  "Ingrid",
  "Kenji",
  "Fatima",
  "Oscar",
  "Lucia",
  "Daniel",
  "Amara",
  "Viktor",
  "Elena",
  "Hugo",
  "Nadia",
  "Rafael",
];
const LAST = ["Lindqvist", "Moreau", "Okafor", "Tanaka", "Kowalski", "Herrera", "Novak", "Brennan", "Haddad", "Schmidt", "Costa"];
const RELATIONS = ["brother", "sister", "cousin", "partner", "friend"];
const PERIODS = [
  ["week", 52],
  ["month", 12],
  ["year", 1],
] as const;

interface Person {
  name: string;
  age: number;
  /** per period */
  amount: number;
  period: 0 | 1 | 2;
  flag: boolean;
}
const person = fc.record({
  first: fc.constantFrom(...FIRST),
  last: fc.constantFrom(...LAST),
  age: fc.integer({ min: 16, max: 90 }),
  amount: fc.integer({ min: 1, max: 400 }).map((x) => x * 10),
  period: fc.constantFrom(0 as const, 1 as const, 2 as const),
  flag: fc.boolean(),
});
const household = fc
  .record({
    lead: person,
    members: fc.array(person, { maxLength: 3 }),
    left: fc.array(person, { maxLength: 2 }),
    relations: fc.array(fc.constantFrom(...RELATIONS), { minLength: 5, maxLength: 5 }),
  })
  .map(({ lead, members, left, relations }) => {
    // distinct first names: a first name said again is the same person
    const seen = new Set<string>();
    const distinct = (p: typeof lead): Person | undefined => {
      if (seen.has(p.first) || seen.has(p.last)) return undefined;
      seen.add(p.first);
      return { name: `${p.first} ${p.last}`, age: p.age, amount: p.amount, period: p.period, flag: p.flag };
    };
    const l = distinct(lead)!;
    return {
      lead: l,
      members: members.map(distinct).filter((p) => p !== undefined),
      left: left.map(distinct).filter((p) => p !== undefined),
      relations,
    };
  });

const money = (p: Person) => `$${p.amount.toLocaleString("en-US")} a ${PERIODS[p.period][0]}`;
const weekly = (p: Person) => Math.round(((p.amount * PERIODS[p.period][1]) / 52) * 100) / 100;
const close = (a: unknown, b: number) => typeof a === "number" && Math.abs(a - b) <= 0.005 * Math.max(1, Math.abs(b));

function note(h: { lead: Person; members: Person[]; left: Person[]; relations: string[] }): string {
  const student = (p: Person) => (p.flag ? "full-time student" : "not a student");
  const lines = [`Lead tenant: ${h.lead.name}, ${h.lead.age}, earns ${money(h.lead)}; ${student(h.lead)}.`];
  h.members.forEach((p, i) =>
    lines.push(`Her ${h.relations[i]} ${p.name}, ${p.age}, lives with her and earns ${money(p)}; ${student(p)}.`),
  );
  h.left.forEach((p, i) => lines.push(`Her ${h.relations[4 - i]} ${p.name}, ${p.age}, moved out in the spring and earns ${money(p)}.`));
  if (h.members.length === 0) lines.push("She lives alone.");
  return lines.join("\n");
}

function letter(h: { lead: Person; members: Person[]; left: Person[]; relations: string[] }): string {
  const student = (p: Person, who: string) => `${who} ${p.flag ? "am" : "am not"} a student`.replace(/^(he|she) am/, "$1 is");
  const parts = [
    `Dear landlord,\n\nMy name is ${h.lead.name} and I am ${h.lead.age} years old. I earn ${money(h.lead)}. ${student(h.lead, "I")}.`,
  ];
  h.members.forEach((p, i) =>
    parts.push(
      `My ${h.relations[i]} ${p.name} (${p.age}) lives with me; ${p.name.split(" ")[0]} earns ${money(p)} and is ${p.flag ? "a" : "not a"} student.`,
    ),
  );
  h.left.forEach((p, i) => parts.push(`My ${h.relations[4 - i]} ${p.name} (${p.age}) moved out last year.`));
  if (h.members.length === 0) parts.push("I live alone.");
  return `${parts.join("\n\n")}\n\nYours sincerely,\n${h.lead.name}`;
}

const sameTenant = (got: unknown, p: Person): boolean => {
  const g = got as Record<string, unknown>;
  return g.name === p.name && g.age === p.age && close(g.wage, weekly(p)) && g.student === p.flag;
};

describe("people in prose", () => {
  for (const [kind, write] of [
    ["a caseworker's note", note],
    ["a letter in the first person", letter],
  ] as const)
    it(`reads the lead person and the household from ${kind}, never a person who moved out, never above 0.9`, () => {
      let answered = 0;
      fc.assert(
        fc.property(household, (h) => {
          const text = write(h);
          const r = readText(tenancy, text, "2026-11-29");
          const lead = r["lead tenant"];
          const others = r["co tenants"];
          if (lead) {
            answered++;
            expect(sameTenant(lead.value, h.lead), text).toBe(true);
            expect(lead.confidence).toBeLessThan(0.9);
          }
          if (others) {
            const list = others.value as Record<string, unknown>[];
            expect(list.map((m) => m.name)).toEqual(h.members.map((m) => m.name));
            list.forEach((m, i) => expect(sameTenant(m, h.members[i]!), text).toBe(true));
            for (const gone of h.left) expect(list.some((m) => m.name === gone.name)).toBe(false);
            expect(others.confidence).toBeLessThan(0.9);
          }
        }),
        { numRuns: 60 },
      );
      // most generated texts are read whole, not only left unanswered
      expect(answered).toBeGreaterThan(40);
    });

  it("answers no record when a field is not said, and no list when a member is not named", () => {
    const r = readText(eligibility, "Applicant: Rosa Diaz, 44, no disability. She lives with her husband and pays $800 rent a month.");
    expect(r.applicant).toBeUndefined();
    expect(r.members).toBeUndefined();
  });

  it("reads a member table with checkboxes and converts a yearly column to the field's month", () => {
    const text =
      "Your name: Lena Park\nYour age: 36\nYour monthly income: $1,900\nDisability? [ ] Yes [x] No\n\nPeople living with you:\n| Name | Age | Yearly income | Disability |\n| Jun Park | 70 | 9,600 | [x] |";
    const r = readText(eligibility, text);
    expect(r.applicant?.value).toEqual({ name: "Lena Park", age: 36, income: 1900, disabled: false });
    expect(r.members?.value).toEqual([{ name: "Jun Park", age: 70, income: 800, disabled: true }]);
  });
});

describe("members who left, in a JSON export", () => {
  it("drops a member flagged inactive, marked moved out, or whose end date has passed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom<Record<string, unknown>>(
          { active: false },
          { in_household: "N" },
          { status: "MOVED_OUT" },
          { end_date: "2026-02-01" },
          { note: "moved out in June" },
        ),
        (at, mark) => {
          const others = ["Ona", "Ema", "Rita", "Paul"].map((nm, i) => ({ nm, age_yrs: 20 + i, inc_mo: "100.00", dsb: "N" }));
          others[at] = { ...others[at]!, ...mark };
          const state = { hh: { head: { nm: "Jonas", age_yrs: 54, inc_mo: "1 420.00", dsb: "Y" }, others } };
          const r = readJson(eligibility, state, "2026-11-29");
          const names = (r.members?.value as { name: string }[]).map((m) => m.name);
          expect(names).toEqual(others.filter((_, i) => i !== at).map((o) => o.nm));
          expect((r.applicant?.value as { income: number }).income).toBe(1420);
        },
      ),
    );
  });
});
