// A timeline exported as a list of events, each naming its kind and its day
// (`[{"event": "LOSS", "at": …}, {"event": "FNOL", "at": …}]`), is read as the events' days under
// their names; one that records changes to its own values (`from` / `to`) is left as it is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withTimelinesByEvent } from "../../src/providers/readers/json-event-lists.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-05-${String(d).padStart(2, "0")}`);

describe("a timeline of events", () => {
  it("gives each event's day as its date under its name", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("event", "type", "kind", "eventType"),
        fc.constantFrom("at", "ts", "occurredAt", "when"),
        day,
        day,
        (kind, at, a, b) => {
          const list = [
            { [kind]: "LOSS", [at]: a, note: "x" },
            { [kind]: "FNOL", [at]: b },
          ];
          expect(withTimelinesByEvent({ events: list })).toEqual({ events: { LOSS: { date: a, note: "x" }, FNOL: { date: b } } });
        },
      ),
      { numRuns: 60 },
    );
  });
  it("reads a claim's loss and report days from it", () => {
    fc.assert(
      fc.property(fc.constantFrom("at", "ts", "occurredAt"), fc.integer({ min: 1, max: 20 }), (at, d) => {
        const loss = `2026-05-${String(d).padStart(2, "0")}`;
        const report = `2026-05-${String(d + 2).padStart(2, "0")}`;
        const state = {
          claim_ref: "c-1",
          timeline: [
            { event: "POLICY_BOUND", [at]: "2024-03-01" },
            { event: "LOSS", [at]: loss, detail: "rear-ended at a junction" },
            { event: "FNOL", [at]: report, channel: "phone" },
          ],
        };
        const got = readJson(claims, state, "2026-06-01");
        expect(got["incident date"]?.value).toBe(loss);
        expect(got["report date"]?.value).toBe(report);
      }),
      { numRuns: 30 },
    );
  });
  it("leaves a list whose events repeat, lack a day, or change a value as it is", () => {
    const repeated = [
      { event: "CALL", at: "2026-05-01" },
      { event: "CALL", at: "2026-05-02" },
    ];
    const dayless = [{ event: "LOSS" }, { event: "FNOL", at: "2026-05-02" }];
    const amended = [
      { kind: "loss", at: "2026-05-01" },
      { kind: "amended", at: "2026-05-04", field: "loss date", from: "2026-05-01", to: "2026-04-30" },
    ];
    for (const list of [repeated, dayless, amended]) expect(withTimelinesByEvent({ list })).toEqual({ list });
  });
});
