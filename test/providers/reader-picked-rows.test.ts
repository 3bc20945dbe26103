// A table of several records pasted into a text (a claims log as CSV, a semicolon export, a tab
// sheet, a markdown table) of which the prose names one by its identifier ("set up claim PC-3391
// only") or its insured's name ("run the Okafor claim") is read as that record: its amount and dates are the named row's, and no figure of
// another row is read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { withoutUnpickedRows } from "../../src/providers/readers/text/picked-rows.js";

const claims = modelOf("property-claims").ir.inputs;

const PERILS = ["burst pipe", "kitchen fire", "burglary", "windstorm"];
const PREFIXES = ["PC-", "CLM-", "HO", "C/", "2025-CL-"];
const NAMES = ["Luis Gomez", "Ann Ferguson", "Omar Ahmed", "Petr Novak", "Chinedu Okafor", "Eva Lindqvist", "Haley Brooks"];
/** A note naming the row by its identifier or by its insured's surname. */
const NOTES = [
  (id: string) => `Please set up file for claim ${id} only; the others are already assigned.`,
  (id: string) => `Re: ${id}. Can you take this one today? Log below.`,
  (id: string) => `Only ${id} is ours, the rest belong to the Leeds team.`,
  (id: string) => `Export from the claims system. Handle ${id}, ignore the other lines.`,
  (_: string, name: string) => `Can you run the ${name} claim today? The others wait on documents.`,
  (_: string, name: string) => `Only ${name}'s file is ours.`,
];
const HEAD = ["claim_id", "insured", "peril", "date_of_loss", "date_notified", "police_report", "amount_claimed_usd"];

const day = (m: number, d: number) => `2025-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const row = fc.record({
  peril: fc.constantFrom(...PERILS),
  month: fc.integer({ min: 1, max: 11 }),
  lossDay: fc.integer({ min: 1, max: 20 }),
  lag: fc.integer({ min: 0, max: 8 }),
  police: fc.boolean(),
});

const log = fc
  .record({
    rows: fc.array(row, { minLength: 2, maxLength: 5 }),
    amounts: fc.uniqueArray(fc.integer({ min: 150, max: 60_000 }), { minLength: 5, maxLength: 5 }),
    ids: fc.uniqueArray(fc.integer({ min: 100, max: 9_999 }), { minLength: 5, maxLength: 5 }),
    names: fc.shuffledSubarray(NAMES, { minLength: 5, maxLength: 5 }),
    prefix: fc.constantFrom(...PREFIXES),
    delimiter: fc.constantFrom(",", ";", "\t", "|"),
    note: fc.constantFrom(...NOTES),
    pick: fc.nat(),
    after: fc.boolean(),
  })
  .map((t) => {
    const records = t.rows.map((r, i) => ({
      id: `${t.prefix}${t.ids[i]}`,
      surname: t.names[i]!.split(" ")[1]!,
      cells: [
        `${t.prefix}${t.ids[i]}`,
        t.names[i]!,
        r.peril,
        day(r.month, r.lossDay),
        day(r.month, r.lossDay + r.lag),
        r.police ? "Y" : "N",
      ],
      amount: t.amounts[i]!,
      loss: day(r.month, r.lossDay),
    }));
    const line = (cs: (string | number)[]) => (t.delimiter === "|" ? `| ${cs.join(" | ")} |` : cs.join(t.delimiter));
    const table = [
      line(HEAD),
      ...(t.delimiter === "|" ? [line(HEAD.map(() => "---"))] : []),
      ...records.map((r) => line([...r.cells, r.amount])),
    ].join("\n");
    const picked = records[t.pick % records.length]!;
    const note = t.note(picked.id, picked.surname);
    return {
      text: t.after ? `${table}\n\n${note}` : `${note}\n\n${table}`,
      picked,
      others: records.filter((r) => r !== picked),
    };
  });

describe("a table of several records, one named by the prose", () => {
  it("is read as the named record, never another row's figures", () => {
    fc.assert(
      fc.property(log, ({ text, picked, others }) => {
        const got = readText(claims, text, "2025-12-01");
        expect(got["claim amount"]?.value).toBe(picked.amount);
        expect(got["loss date"]?.value).toBe(picked.loss);
        // another row's figure may equal one of the named row's (a loss date its report date)
        const own = new Set<unknown>([...picked.cells, picked.amount]);
        const stale = others.flatMap((r) => [r.amount, r.loss]).filter((v) => !own.has(v));
        for (const v of Object.values(got)) expect(stale).not.toContain(v.value);
      }),
      { numRuns: 50 },
    );
  });

  it("keeps the text's length, and a table no prose names a row of", () => {
    fc.assert(
      fc.property(log, ({ text }) => {
        expect(withoutUnpickedRows(text).length).toBe(text.length);
        const table = text.replace(/^.*(only|Re:|Handle|run the).*$/im, "Claims log below.");
        expect(withoutUnpickedRows(table)).toBe(table);
      }),
      { numRuns: 40 },
    );
  });
});
