// A yes/no in a JSON export whose basis a note beside it puts in doubt (`"certificate_status":
// "EXPIRED 2025-12-31 — renewal requested, not received"`, "pending verification") is an open
// question: left unread, neither granted nor denied. A note that the basis holds leaves it read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readJson } from "../../src/providers/readers/json-reader.js";

const pricing = modelOf("pricing").ir.inputs;

const DOUBTS = [
  "EXPIRED 2025-12-31 — renewal requested, not received",
  "revoked by the state on 2026-01-04",
  "pending verification",
  "awaiting the renewed certificate",
  "lapsed; customer says renewal is in progress",
  "copy not received",
  "unverified",
];
const NOTE_KEYS = ["certificate_status", "certificateStatus", "cert_status", "certificate_comment", "exemption_notes", "exemption_remarks"];

const state = (flag: unknown, noteKey: string, note: string) => ({
  quote_id: "Q-2026-00412",
  account: { name: "Riverbend School District", tier: "silver" },
  lines: [{ sku: "EDU-SEAT-ANNUAL", unit_price_usd: 96, qty: 1450 }],
  tax: { exempt: flag, certificate: "TX-EXM-88120", [noteKey]: note },
});

describe("a yes/no whose basis a note beside it doubts", () => {
  it("is left unread", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<unknown>(true, "Y", "yes", false),
        fc.constantFrom(...NOTE_KEYS),
        fc.constantFrom(...DOUBTS),
        (flag, key, note) => {
          const got = readJson(pricing, state(flag, key, note), "2026-02-17");
          expect(got["tax exempt"], `${key}: ${note}`).toBeUndefined();
          // the record's other values are read as before
          expect(got["list price"]?.value).toBe(96);
        },
      ),
    );
  });

  it("is read when the note is the record's own (a bare `note`) or on another check's outcome", () => {
    const kyc = modelOf("kyc-risk").ir.inputs;
    fc.assert(
      fc.property(
        fc.constantFrom(...DOUBTS),
        fc.constantFrom<[unknown, boolean]>(["N", false], ["Y", true], [false, false]),
        (note, [flag, value]) => {
          const screening = { pep_hit: flag, adverse_media_hit: null, adverse_media_status: note, note };
          expect(readJson(kyc, { party: { kind: "NATURAL_PERSON" }, screening }, "2026-02-17").pep?.value, note).toBe(value);
        },
      ),
    );
  });

  it("is read when the note says the basis holds", () => {
    for (const note of ["VALID until 2027-12-31", "on file, checked 2026-01-10"])
      expect(readJson(pricing, state(true, "certificate_status", note), "2026-02-17")["tax exempt"]?.value, note).toBe(true);
  });
});
