// The page's receipt check (WebCrypto) agrees with the service's own verifier (node:crypto and
// jose) on receipts of random batches, as signed and with one part changed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { createSigner, verifyReceipt as serverVerify, type ReceiptSigner } from "../../src/service/signer.js";
import { verifyReceipt as pageVerify } from "../../web/src/receipt.js";
import type { Receipt } from "../../web/src/api.js";

let signer: ReceiptSigner;
beforeAll(async () => {
  signer = await createSigner(null);
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(signer.jwks()), { headers: { "content-type": "application/json" } }));
});
afterAll(() => void vi.unstubAllGlobals());

const payload = fc.record({ model: fc.string(), answers: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })) });

describe("the playground's receipt check", () => {
  it("says what the service's verifier says, on receipts of any batch as signed and changed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(payload, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        async (payloads, pick, at, change) => {
          const pending = payloads.map((p) => signer.sign(p, { rid: "r" }));
          pending.forEach((p) => p.commit());
          const i = pick % payloads.length;
          let receipt: Record<string, unknown> = { receipt: pending[i]!.value(), ...payloads[i] };
          if (change) {
            const text = receipt.receipt as string;
            // the last characters half the time: the proof's, where base64url has bits to spare
            const c = at % 2 === 0 ? text.length - 1 - (at % 4) : at % text.length;
            const swapped = text[c] === "." ? text : `${text.slice(0, c)}${text[c] === "A" ? "B" : "A"}${text.slice(c + 1)}`;
            receipt = at % 3 === 0 ? { ...receipt, model: `${String(receipt.model)}!` } : { ...receipt, receipt: swapped };
          }
          const server = await serverVerify(receipt, signer.jwks());
          const page = await pageVerify(receipt as unknown as Receipt);
          expect(page.ok).toBe(server.valid);
          if (!change) expect(page.ok).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
