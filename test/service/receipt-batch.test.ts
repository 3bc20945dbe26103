// Receipts signed in batches over a Merkle tree: every receipt of a batch of any size verifies on
// its own, offline, with the published keys; changing any payload value, proof hash, index, tree
// size, header or signature makes it fail; and receipts of different batches do not vouch for
// each other.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createHash, sign } from "node:crypto";
import { createSigner, verifyReceipt, type ReceiptSigner } from "../../src/service/signer.js";
import { leafHash, merkleTree, rootFromPath } from "../../src/service/merkle.js";

type Receipt = Record<string, unknown>;

/** Signs `payloads` as one batch (added in one turn, committed together) and returns the receipts. */
function signBatch(signer: ReceiptSigner, payloads: Receipt[]): Receipt[] {
  const pending = payloads.map((p, i) => signer.sign(p, { rid: `r${i}`, model_hash: "m" }));
  pending.forEach((p) => p.commit());
  return pending.map((p, i) => ({ receipt: p.value(), ...payloads[i] }));
}

const payload = fc.record({
  model: fc.string(),
  given: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null))),
  answers: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })),
  latency_ms: fc.nat(),
});

const segments = (r: Receipt) => (r.receipt as string).split(".");
const withSegment = (r: Receipt, i: number, value: string): Receipt => {
  const s = segments(r);
  s[i] = value;
  return { ...r, receipt: s.join(".") };
};
const header = (segment: string) => JSON.parse(Buffer.from(segment, "base64url").toString("utf8")) as Record<string, unknown>;
const encodeHeader = (h: Record<string, unknown>) => Buffer.from(JSON.stringify(h)).toString("base64url");
/** a proof with one bit of one of its hashes flipped (its 4-byte index kept) */
const flipHash = (proof: Buffer, at: number): string => {
  const bytes = Buffer.from(proof);
  bytes[4 + (at % (bytes.length - 4))]! ^= 1 << (at % 8);
  return bytes.toString("base64url");
};
/** flips one bit of the decoded bytes of a base64url segment */
const flip = (segment: string, at: number): string => {
  const bytes = Buffer.from(segment, "base64url");
  bytes[at % bytes.length]! ^= 1 << (at % 8);
  return bytes.toString("base64url");
};

describe("batched receipt signatures", () => {
  it("every receipt of a random batch verifies, and shares the batch's one signature", async () => {
    const signer = await createSigner(null);
    const jwks = JSON.parse(JSON.stringify(signer.jwks()));
    await fc.assert(
      fc.asyncProperty(fc.array(payload, { minLength: 1, maxLength: 300 }), async (payloads) => {
        const receipts = signBatch(signer, payloads);
        for (const r of receipts) expect(await verifyReceipt(JSON.parse(JSON.stringify(r)), jwks)).toMatchObject({ valid: true });
        expect(new Set(receipts.map((r) => segments(r).slice(2, 4).join("."))).size).toBe(1);
        const batch = header(segments(receipts[0]!)[2]!);
        expect(batch).toMatchObject({ alg: "EdDSA", typ: "pdm-receipt+jws", "pdm-merkle": "sha256", n: payloads.length });
        // a batch of one has an empty path: its proof is its index alone
        if (payloads.length === 1) expect(Buffer.from(segments(receipts[0]!)[4]!, "base64url")).toHaveLength(4);
      }),
      { numRuns: 40 },
    );
  });

  it("fails when any part is changed: a payload value, a proof hash, the index, the tree size, a header, the signature", async () => {
    const signer = await createSigner(null);
    const jwks = signer.jwks();
    const tamper = fc.constantFrom("payload", "proof", "index", "size", "leaf header", "signature", "batch header");
    await fc.assert(
      fc.asyncProperty(fc.array(payload, { minLength: 1, maxLength: 40 }), fc.nat(), tamper, fc.nat(), async (payloads, pick, how, at) => {
        const receipts = signBatch(signer, payloads);
        const r = receipts[pick % receipts.length]!;
        const s = segments(r);
        const proof = Buffer.from(s[4]!, "base64url");
        const n = payloads.length;
        let changed: Receipt;
        switch (how) {
          case "payload": {
            // any field, to any other JSON value
            const fields = Object.keys(payloads[0]!);
            const field = fields[at % fields.length]!;
            changed = { ...r, [field]: { changed: at } };
            break;
          }
          case "proof":
            if (proof.length === 4) return; // a batch of one has no hash to change
            changed = withSegment(r, 4, flipHash(proof, at));
            break;
          case "index": {
            const other = Buffer.from(proof);
            other.writeUInt32BE((proof.readUInt32BE(0) + 1 + (at % (n + 2))) % (n + 3), 0);
            if (other.readUInt32BE(0) === proof.readUInt32BE(0)) return;
            changed = withSegment(r, 4, other.toString("base64url"));
            break;
          }
          case "size": {
            const size = (n + 1 + (at % (2 * n + 2))) % (2 * n + 3);
            if (size === n) return;
            changed = withSegment(r, 2, encodeHeader({ ...header(s[2]!), n: size }));
            break;
          }
          case "leaf header":
            changed = withSegment(r, 0, encodeHeader({ ...header(s[0]!), model_hash: `m${at}` }));
            break;
          case "signature":
            changed = withSegment(r, 3, flip(s[3]!, at));
            break;
          case "batch header":
            changed = withSegment(r, 2, encodeHeader({ ...header(s[2]!), iat: (header(s[2]!).iat as number) + 1 + at }));
            break;
        }
        expect(await verifyReceipt(r, jwks)).toMatchObject({ valid: true });
        expect(await verifyReceipt(changed, jwks)).toMatchObject({ valid: false });
      }),
      { numRuns: 300 },
    );
  });

  it("keeps batches independent: a proof or signature of one batch does not vouch for a receipt of another", async () => {
    const signer = await createSigner(null);
    const jwks = signer.jwks();
    await fc.assert(
      fc.asyncProperty(
        fc.array(payload, { minLength: 1, maxLength: 20 }),
        fc.array(payload, { minLength: 1, maxLength: 20 }),
        fc.nat(),
        async (first, second, pick) => {
          const a = signBatch(signer, first);
          const b = signBatch(signer, second);
          const ra = a[pick % a.length]!;
          const rb = b[pick % b.length]!;
          expect(await verifyReceipt(ra, jwks)).toMatchObject({ valid: true });
          expect(await verifyReceipt(rb, jwks)).toMatchObject({ valid: true });
          // b's batch signature and proof on a's leaf header and payload
          const mixed = { ...ra, receipt: [segments(ra)[0], "", ...segments(rb).slice(2)].join(".") };
          expect(await verifyReceipt(mixed, jwks)).toMatchObject({ valid: false });
        },
      ),
      { numRuns: 100 },
    );
  });

  it("signs each batch once, with at most maxBatch receipts in it", async () => {
    let signatures = 0;
    const signer = await createSigner(null, {
      maxBatch: 7,
      signWith: (input, key) => {
        signatures++;
        return sign(null, input, key);
      },
    });
    const receipts = signBatch(
      signer,
      Array.from({ length: 20 }, (_, i) => ({ i })),
    );
    expect(signatures).toBe(3);
    expect(receipts.map((r) => header(segments(r)[2]!).n)).toEqual([...Array(7).fill(7), ...Array(7).fill(7), ...Array(6).fill(6)]);
    for (const r of receipts) expect(await verifyReceipt(r, signer.jwks())).toMatchObject({ valid: true });
  });
});

describe("the Merkle tree (RFC 9162 2.1)", () => {
  const h = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
  /** MTH written as the RFC states it, recursively, for comparison */
  const mth = (leaves: Buffer[]): Buffer => {
    if (leaves.length === 1) return leaves[0]!;
    let k = 1;
    while (k * 2 < leaves.length) k *= 2;
    return h(Buffer.of(1), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
  };

  it("hashes a leaf as H(0x00 || its bytes), a text as its UTF-8", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.uint8Array().map((a) => Buffer.from(a)),
        ),
        (data) => {
          expect(leafHash(data).equals(h(Buffer.of(0), typeof data === "string" ? Buffer.from(data, "utf8") : data))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("has the RFC's root, and every leaf's path leads to it and only from its own position", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.nat(), (n, seed) => {
        const leaves = Array.from({ length: n }, (_, i) => h(Buffer.of(0), Buffer.from(`${seed}/${i}`)));
        const { root, paths } = merkleTree(leaves);
        expect(root.equals(mth(leaves))).toBe(true);
        leaves.forEach((leaf, i) => {
          expect(rootFromPath(leaf, i, n, paths[i]!)?.equals(root)).toBe(true);
          const j = (i + 1 + (seed % n)) % n;
          if (j !== i) expect(rootFromPath(leaf, j, n, paths[i]!)?.equals(root) ?? false).toBe(false);
        });
        expect(rootFromPath(leaves[0]!, n, n, paths[0]!)).toBeNull();
        expect(rootFromPath(leaves[0]!, 0, n, [...paths[0]!, root])).toBeNull();
      }),
      { numRuns: 60 },
    );
  });
});
