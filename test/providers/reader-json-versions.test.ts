// Versions of one record listed side by side (a quote's drafts and the version accepted): the one
// in force is read as the record the list stands for, the others are of another time. A list
// where no single version is in force, or a status says neither, stays a list of several records,
// whose fields answer no scalar input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const quote = inputsOf({
  quantity: { type: "number [1..10000]", desc: "How many seats are ordered?" },
});

const IN_FORCE = ["accepted", "SIGNED", "Approved", "final", "current", "countersigned", "Counter-Signed", "co-signed", "fully executed"];
const REPLACED = ["superseded", "draft", "WITHDRAWN", "rejected", "expired", "cancelled"];
const STATUS_KEYS = ["status", "state", "quote_status", "stage"];

describe("a list of versions of one record", () => {
  it("reads the version in force, wherever it stands in the list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ seats: fc.integer({ min: 1, max: 5000 }), status: fc.constantFrom(...REPLACED) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 1, max: 5000 }),
        fc.nat(),
        fc.constantFrom(...IN_FORCE),
        fc.constantFrom(...STATUS_KEYS),
        (replaced, seats, at, inForce, statusKey) => {
          const versions = replaced.map((v, i) => ({ v: i + 1, [statusKey]: v.status, seats: v.seats }));
          versions.splice(at % (versions.length + 1), 0, { v: 99, [statusKey]: inForce, seats });
          expect(readJson(quote, { quotes: versions }).quantity?.value).toBe(seats);
        },
      ),
    );
  });

  it("reads no version when two are in force or a status is neither", () => {
    const two = [
      { status: "accepted", seats: 10 },
      { status: "signed", seats: 20 },
    ];
    const open = [
      { status: "superseded", seats: 10 },
      { status: "under review", seats: 20 },
    ];
    expect(readJson(quote, { quotes: two }).quantity).toBeUndefined();
    expect(readJson(quote, { quotes: open }).quantity).toBeUndefined();
  });

  it("reads none in force when a status only ends in a word of force", () => {
    const undersigned = [
      { status: "superseded", seats: 10 },
      { status: "unsigned", seats: 20 },
    ];
    expect(readJson(quote, { quotes: undersigned }).quantity).toBeUndefined();
  });
});
