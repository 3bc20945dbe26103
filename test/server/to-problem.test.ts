// An error thrown while answering becomes a problem: malformed_json only for the body parser's own
// refusals, never for a SyntaxError thrown later (by evaluation, say), which is an internal error.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { malformedJson, toProblem } from "../../src/server/errors.js";
import { LedgerError } from "../../src/ledger/rows.js";

describe("toProblem", () => {
  it("a SyntaxError not from the body parser is an internal error that does not echo its message", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (message) => {
        const p = toProblem(new SyntaxError(message));
        expect(p.code).toBe("internal_error");
        expect(p.status).toBe(500);
      }),
    );
  });

  it("the parser's refusals are malformed_json with its message", () => {
    fc.assert(
      fc.property(fc.string(), (message) => {
        for (const p of [malformedJson(message), toProblem({ code: "FST_ERR_CTP_INVALID_JSON_BODY", message })]) {
          expect(p.code).toBe("malformed_json");
          expect(p.status).toBe(400);
          expect(p.detail).toContain(message);
        }
      }),
    );
  });

  it("a ledger that is busy or cannot write is a 503 of its own, naming why, with Retry-After; its other refusals are internal errors", () => {
    const busy = toProblem(new LedgerError("busy", "held 5 s"));
    expect([busy.code, busy.status, busy.headers]).toEqual(["ledger_busy", 503, { "Retry-After": "1" }]);
    const full = toProblem(new LedgerError("unwritable", "the disk holding the SQLite ledger is full"));
    expect([full.code, full.status, full.detail, full.headers]).toEqual([
      "ledger_unwritable",
      503,
      "the disk holding the SQLite ledger is full",
      { "Retry-After": "30" },
    ]);
    expect(toProblem(new LedgerError("unknown_account", "no such account")).code).toBe("internal_error");
  });
});
