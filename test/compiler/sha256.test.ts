// The one-call SHA-256 is createHash's, on texts (any UTF-16, lone surrogates included, which
// UTF-8 writes as U+FFFD) and on bytes.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createHash } from "node:crypto";
import { sha256, sha256Hex } from "../../src/compiler/sha256.js";

const input = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
);

describe("sha256", () => {
  it("is createHash's digest, as bytes and as hex", () => {
    fc.assert(
      fc.property(input, (data) => {
        const expected = createHash("sha256").update(data).digest();
        expect(sha256(data).equals(expected)).toBe(true);
        expect(sha256Hex(data)).toBe(expected.toString("hex"));
      }),
      { numRuns: 500 },
    );
  });
});
