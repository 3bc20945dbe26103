// Receipts are signed with Ed25519 (JWS, alg EdDSA) using a detached payload: the `receipt`
// field is `<protected header>..<signature>` over the RFC 8785 canonical JSON of every other
// field of the receipt. The key lives in the database (signing_keys), so receipts stay
// verifiable across restarts and every instance sharing a PostgreSQL ledger signs alike;
// GET /v1/keys publishes the public keys. With no ledger, an ephemeral key is used. Signing is
// synchronous (Ed25519 in node:crypto), so a receipt can be signed inside the ledger transaction
// that settles its charge: a signature that fails leaves nothing charged.
import { createPrivateKey, randomUUID, sign as signBytes } from "node:crypto";
import { canonicalJson, canonicalJsonOfText } from "../compiler/index.js";
import { exportJWK, generateKeyPair, importJWK, base64url, flattenedVerify, type JWK } from "jose";
import type { Ledger, StoredSigningKey } from "../ledger/types.js";

const RECEIPT_TYP = "pdm-receipt+jws";

export interface ReceiptSigner {
  kid: string;
  /** signs `payload` (its JSON text as a client reads it, canonicalised here) and returns the detached compact JWS */
  sign(payload: unknown, header?: Record<string, unknown>): string;
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

const canonicalBytes = (canonical: string | undefined): Buffer => Buffer.from(canonical ?? "null", "utf8");

/** base64url without padding (RFC 7515), natively */
const encode = (bytes: Buffer | string): string => (typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes).toString("base64url");

export async function createSigner(ledger: Ledger | null): Promise<ReceiptSigner> {
  const current = ledger ? await ledger.signingKey(makeKey) : { ...(await makeKey()), createdAt: new Date().toISOString() };
  const all = ledger ? await ledger.signingKeys() : [current];
  const key = createPrivateKey({ key: current.privateJwk as JWK & { kty: string }, format: "jwk" });
  const keys = all.map(publish);
  return {
    kid: current.kid,
    sign(payload, header = {}) {
      // RFC 7515: the signature is over `base64url(protected header) "." base64url(payload)`
      const protectedHeader = encode(JSON.stringify({ ...header, alg: "EdDSA", kid: current.kid, typ: RECEIPT_TYP }));
      const input = `${protectedHeader}.${encode(canonicalBytes(canonicalJsonOfText(payload)))}`;
      return `${protectedHeader}..${encode(signBytes(null, Buffer.from(input, "ascii"), key))}`;
    },
    jwks: () => ({ keys }),
  };
}

/**
 * Verifies a receipt offline: re-attaches the canonical payload to the detached JWS and checks it
 * against a key set (e.g. the JSON of GET /v1/keys). Returns the protected header when valid.
 */
export async function verifyReceipt(
  receipt: Record<string, unknown>,
  jwks: { keys: JWK[] },
): Promise<{ valid: true; header: Record<string, unknown> } | { valid: false; reason: string }> {
  const { receipt: jws, ...rest } = receipt;
  if (typeof jws !== "string") return { valid: false, reason: "receipt.receipt is not a string" };
  const [protectedHeader, payload, signature] = jws.split(".");
  if (protectedHeader === undefined || payload !== "" || signature === undefined) {
    return { valid: false, reason: "not a detached compact JWS" };
  }
  try {
    const header = JSON.parse(new TextDecoder().decode(base64url.decode(protectedHeader))) as { kid?: string };
    const jwk = jwks.keys.find((k) => k.kid === header.kid);
    if (!jwk) return { valid: false, reason: `unknown key id ${header.kid}` };
    const result = await flattenedVerify(
      { protected: protectedHeader, payload: encode(canonicalBytes(canonicalJson(rest))), signature },
      await importJWK(jwk, "EdDSA"),
    );
    return { valid: true, header: result.protectedHeader as Record<string, unknown> };
  } catch (e) {
    return { valid: false, reason: (e as Error).message };
  }
}
