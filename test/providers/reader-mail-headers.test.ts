// A mail client writes its header names in its user's language ("Da:/Inviato:", "Van:/Verzonden:",
// "Von:/Gesendet:", "De:/Enviado:", "De:/Envoyé:"): a message's own header block dates it, so its
// "yesterday" counts from the day it was sent, and a forwarded message's block dates the message
// below it, which answers only what the forwarding message leaves open, never above 0.85.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { messageParts } from "../../src/providers/readers/text/message-parts.js";
import { inputsOf } from "./helpers.js";

const property = inputsOf({
  "loss date": { type: "date", desc: "On what date did the loss happen?" },
  "report date": { type: "date", desc: "On what date was the loss reported to the insurer?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});

/** A client's header names: from, a dating field, to, subject, cc. */
const CLIENTS = [
  { from: "From", dated: ["Sent", "Date"], to: "To", subject: "Subject", cc: "Cc" },
  { from: "Da", dated: ["Inviato", "Data"], to: "A", subject: "Oggetto", cc: "Cc" },
  { from: "De", dated: ["Enviado", "Data", "Fecha"], to: "Para", subject: "Assunto", cc: "Cc" },
  { from: "Van", dated: ["Verzonden", "Datum"], to: "Aan", subject: "Onderwerp", cc: "Cc" },
  { from: "Von", dated: ["Gesendet", "Datum"], to: "An", subject: "Betreff", cc: "Cc" },
  { from: "De", dated: ["Envoyé"], to: "À", subject: "Objet", cc: "Cc" },
];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAY = 86_400_000;
const dayOf = (n: number): Date => new Date(Date.UTC(2024, 2, 1) + n * DAY);
const iso = (d: Date): string => d.toISOString().slice(0, 10);
/** A sending day as clients write it, with its time or not. */
const written = (d: Date, form: number): string =>
  [
    `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} 10:14`,
    `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`,
    iso(d),
    `${iso(d)} 08:02`,
  ][form % 4]!;

/** A header block in one client's names: From first, the rest in the drawn order, Cc or not. */
const header = fc.record({
  client: fc.nat(CLIENTS.length - 1),
  dating: fc.nat(2),
  order: fc.constantFrom([0, 1, 2], [1, 0, 2], [0, 2, 1], [2, 1, 0]),
  cc: fc.boolean(),
  form: fc.nat(3),
  n: fc.integer({ min: 0, max: 1000 }),
});
type Header = { client: number; dating: number; order: readonly number[]; cc: boolean; form: number; n: number };
function block(h: Header, subject: string): string[] {
  const c = CLIENTS[h.client]!;
  const rest = [
    `${c.dated[h.dating % c.dated.length]}: ${written(dayOf(h.n), h.form)}`,
    `${c.to}: claims@example.com`,
    `${c.subject}: ${subject}`,
  ];
  return [`${c.from}: Sam Reid <sam@example.com>`, ...h.order.map((i) => rest[i]!), ...(h.cc ? [`${c.cc}: broker@example.com`] : [])];
}
const amount = fc.integer({ min: 3, max: 400 }).map((k) => k * 50);
const valuesOf = (r: Record<string, { value: unknown }>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.value]));

describe("a message's own header, in any client's language", () => {
  it("dates the message: its yesterday is the day before it was sent, its report the day it was sent", () => {
    fc.assert(
      fc.property(header, amount, (h, dollars) => {
        const text = [
          ...block(h, "Water damage"),
          "",
          `Hello, a pipe burst yesterday and flooded the kitchen. I'm writing to report it. The repair comes to $${dollars}.`,
          "",
          "Sam",
        ].join("\n");
        const parts = messageParts(text);
        expect(parts.history).toBe("");
        expect(text.slice(parts.envelope!.start, parts.envelope!.end)).toContain(written(dayOf(h.n), h.form).slice(0, 8));
        expect(valuesOf(readText(property, text, "2030-01-01"))).toMatchObject({
          "loss date": iso(dayOf(h.n - 1)),
          "report date": iso(dayOf(h.n)),
          "claim amount": dollars,
        });
      }),
    );
  });

  it("dates a forwarded message below another: what the forwarding message says wins, the rest counts from the forwarded day", () => {
    fc.assert(
      fc.property(header, amount, fc.integer({ min: 2, max: 30 }), (h, dollars, later) => {
        const text = [
          `Today is ${iso(dayOf(h.n + later))}. Please see the customer's message below. The contractor now quotes $${dollars + 50}.`,
          "",
          "---------- Forwarded message ---------",
          ...block(h, "Water damage"),
          "",
          `Hello, a pipe burst yesterday and flooded the kitchen. I'm writing to report it. The repair comes to $${dollars}.`,
        ].join("\n");
        const got = readText(property, text);
        expect(valuesOf(got)).toMatchObject({
          "claim amount": dollars + 50,
          "loss date": iso(dayOf(h.n - 1)),
          "report date": iso(dayOf(h.n)),
        });
        expect(got["loss date"]!.confidence).toBeLessThanOrEqual(0.85);
        expect(got["report date"]!.confidence).toBeLessThanOrEqual(0.85);
      }),
    );
  });
});
