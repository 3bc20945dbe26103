// Receipts are signed with Ed25519 (JWS, alg EdDSA) in batches over a Merkle tree (merkle.ts,
// receipt-batch.ts): one signature vouches for every receipt settled in the same group commit or
// turn of the event loop, and each receipt carries its inclusion proof, so it is verified on its
// own, offline. The `receipt` field reads `<leaf header>..<batch header>.<signature>.<proof>`:
//   - the leaf is SHA-256(0x00 || `<leaf header>.<payload>`), the JWS signing input of a detached
//     JWS whose protected header is the leaf header (rid, model_hash) and whose payload is the
//     RFC 8785 canonical JSON of every other field of the receipt (both base64url);
//   - `<batch header>.<signature>` is a detached compact JWS (alg EdDSA, typ pdm-receipt+jws,
//     crit pdm-merkle = "sha256", n = the number of leaves) whose payload is the tree's root;
//   - the proof is base64url of the leaf's index (4 bytes, big-endian) then its audit path,
//     32 bytes per hash, bottom-up (empty for a batch of one).
// The key lives in the database (signing_keys), so receipts stay verifiable across restarts and
// every instance sharing a PostgreSQL ledger signs alike; GET /v1/keys publishes the public keys.
// With no ledger, an ephemeral key is used. Signing is synchronous (Ed25519 in node:crypto), so a
// batch is signed inside the ledger transaction that settles its receipts' charges: a signature
// that fails leaves nothing charged.
import { createPrivateKey, randomUUID, sign as signBytes, type KeyObject } from "node:crypto";
import { canonicalJson, canonicalJsonOfText } from "../compiler/index.js";
import { exportJWK, generateKeyPair, importJWK, base64url, flattenedVerify, type JWK } from "jose";
import type { Ledger, StoredSigningKey } from "../ledger/types.js";
import { mapFinished, type Finished } from "./finished.js";
import { leafHash, rootFromPath } from "./merkle.js";
import { readProof, writeProof } from "./merkle-path.js";
import { leafBatcher } from "./receipt-batch.js";

const RECEIPT_TYP = "pdm-receipt+jws";
const MERKLE = "pdm-merkle";

export interface SignerOptions {
  /** the most receipts one signature covers */
  maxBatch?: number;
  /** signs the bytes with the private key (tests put failures here) */
  signWith?: (input: Buffer, key: KeyObject) => Buffer;
}

export interface ReceiptSigner {
  kid: string;
  /**
   * Adds a receipt to the open batch: `payload` (its JSON text as a client reads it, canonicalised
   * here, unless its canonical JSON text is given as `canonical`) and the leaf header's fields. Its
   * `receipt` string is known once the batch is signed.
   */
  sign(payload: unknown, header?: Record<string, unknown>, canonical?: string): Finished<string>;
  jwks(): { keys: JWK[] };
}

async function makeKey(): Promise<Omit<StoredSigningKey, "createdAt">> {
  const { privateKey, publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  return {
    kid: randomUUID(),
    privateJwk: (await exportJWK(privateKey)) as Record<string, unknown>,
    publicJwk: (await exportJWK(publicKey)) as Record<string, unknown>,
  };
}

const publish = (k: { kid: string; publicJwk: Record<string, unknown> }): JWK =>
  ({ ...k.publicJwk, kid: k.kid, alg: "EdDSA", use: "sig" }) as JWK;

/** base64url without padding (RFC 7515), natively */
const encode = (bytes: Uint8Array | string): string =>
  (typeof bytes === "string" ? Buffer.from(bytes, "utf8") : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString(
    "base64url",
  );

/** A receipt's leaf: the JWS signing input of its own header and its canonical payload. */
const leafOf = (leafHeader: string, canonical: string | undefined): Buffer => leafHash(`${leafHeader}.${encode(canonical ?? "null")}`);

/** A proof's text: base64url of its bytes, one spelling per proof (a text the service did not write is refused). */
function decodeProof(text: string): ReturnType<typeof readProof> {
  const bytes = Buffer.from(text, "base64url");
  return bytes.toString("base64url") === text ? readProof(bytes) : null;
}

export async function createSigner(ledger: Ledger | null, options: SignerOptions = {}): Promise<ReceiptSigner> {
  const current = ledger ? await ledger.signingKey(makeKey) : { ...(await makeKey()), createdAt: new Date().toISOString() };
  const all = ledger ? await ledger.signingKeys() : [current];
  const key = createPrivateKey({ key: current.privateJwk as JWK & { kty: string }, format: "jwk" });
  const keys = all.map(publish);
  const signWith = options.signWith ?? ((input: Buffer, k: KeyObject) => signBytes(null, input, k));
  // RFC 7515: the signature is over `base64url(protected header) "." base64url(payload)`
  const signRoot = (root: Buffer, size: number): string => {
    const header = {
      alg: "EdDSA",
      kid: current.kid,
      typ: RECEIPT_TYP,
      crit: [MERKLE],
      [MERKLE]: "sha256",
      n: size,
      iat: Math.floor(Date.now() / 1000),
    };
    const protectedHeader = encode(JSON.stringify(header));
    return `${protectedHeader}.${encode(signWith(Buffer.from(`${protectedHeader}.${encode(root)}`, "ascii"), key))}`;
  };
  const batcher = leafBatcher(signRoot, options.maxBatch);
  return {
    kid: current.kid,
    sign(payload, header = {}, canonical) {
      const leafHeader = encode(JSON.stringify(header));
      const included = batcher.add(leafOf(leafHeader, canonical ?? canonicalJsonOfText(payload)));
      return mapFinished(included, (r) => `${leafHeader}..${r.signature}.${encode(writeProof(r.index, r.path))}`);
    },
    jwks: () => ({ keys }),
  };
}

type Verdict = { valid: true; header: Record<string, unknown> } | { valid: false; reason: string };

const readHeader = (segment: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(new TextDecoder().decode(base64url.decode(segment)));
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("a header is not a JSON object");
  return value as Record<string, unknown>;
};

/**
 * Verifies a receipt offline: recomputes its leaf from the other fields, walks its proof to the
 * root and checks the batch's signature on that root against a key set (e.g. the JSON of
 * GET /v1/keys). Returns the batch header with the leaf header's fields when valid.
 */
export async function verifyReceipt(receipt: Record<string, unknown>, jwks: { keys: JWK[] }): Promise<Verdict> {
  const { receipt: text, ...rest } = receipt;
  if (typeof text !== "string") return { valid: false, reason: "receipt.receipt is not a string" };
  const parts = text.split(".");
  const [leafHeader, payload, batchHeader, signature, proofText] = parts;
  if (parts.length !== 5 || payload !== "" || !leafHeader || !batchHeader || !signature || proofText === undefined) {
    return { valid: false, reason: "not `<leaf header>..<batch header>.<signature>.<proof>`" };
  }
  try {
    const batch = readHeader(batchHeader);
    const leaf = readHeader(leafHeader);
    if (batch[MERKLE] !== "sha256") return { valid: false, reason: `the batch header does not say ${MERKLE}: sha256` };
    const jwk = jwks.keys.find((k) => k.kid === batch.kid);
    if (!jwk) return { valid: false, reason: `unknown key id ${String(batch.kid)}` };
    const proof = decodeProof(proofText);
    if (!proof) return { valid: false, reason: "the proof is not an index and whole hashes" };
    const root = rootFromPath(leafOf(leafHeader, canonicalJson(rest)), proof.index, Number(batch.n), proof.path);
    if (!root) return { valid: false, reason: `the proof does not fit leaf ${proof.index} of ${String(batch.n)}` };
    const result = await flattenedVerify({ protected: batchHeader, payload: encode(root), signature }, await importJWK(jwk, "EdDSA"), {
      crit: { [MERKLE]: true },
    });
    return { valid: true, header: { ...leaf, ...result.protectedHeader } };
  } catch (e) {
    return { valid: false, reason: (e as Error).message };
  }
}
