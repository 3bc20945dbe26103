// An error thrown while answering becomes a problem: malformed_json only for the body parser's own
// refusals, never for a SyntaxError thrown later (by evaluation, say), which is an internal error.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { malformedJson, toProblem } from "../../src/server/errors.js";

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
});
