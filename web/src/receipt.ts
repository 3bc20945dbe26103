// A receipt checked in the page as anyone would check it offline (docs/service.md, "The receipt"):
// its leaf from the RFC 8785 canonical JSON of every other receipt field, its inclusion proof
// walked to its batch's Merkle root, and the batch's detached JWS (EdDSA, Ed25519) on that root,
// against the service's published keys (GET /v1/keys), with the browser's own WebCrypto.
import canonicalize from "canonicalize";
import { pathSides, readProof } from "../../src/service/merkle-path.js";
import { api, type Receipt } from "./api.js";

export type Verdict = { ok: true; kid: string } | { ok: false; reason: string };

const fromBase64Url = (s: string): Uint8Array<ArrayBuffer> => {
  const b64 = s
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(s.length / 4) * 4, "=");
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};
const toBase64Url = (bytes: Uint8Array): string =>
  btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** SHA-256 of the bytes of `parts`, in order. */
const sha256 = async (...parts: Uint8Array[]): Promise<Uint8Array<ArrayBuffer>> => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) all.set(p, (at += p.length) - p.length);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", all));
};

/** The root that the leaf's proof leads to in a tree of n leaves (RFC 9162 2.1.3.2), or null when it does not fit. */
async function rootOf(leaf: Uint8Array, proofBytes: Uint8Array, n: number): Promise<Uint8Array | null> {
  const proof = readProof(proofBytes);
  const sides = proof && pathSides(proof.index, n, proof.path.length);
  if (!proof || !sides) return null;
  let hash = leaf;
  for (const [i, sibling] of proof.path.entries())
    hash = await (sides[i] ? sha256(Uint8Array.of(1), sibling, hash) : sha256(Uint8Array.of(1), hash, sibling));
  return hash;
}

export async function verifyReceipt(receipt: Receipt): Promise<Verdict> {
  if (!globalThis.crypto?.subtle)
    return { ok: false, reason: "this page is not in a secure context (https or localhost), so the browser offers no WebCrypto" };
  const { receipt: text, ...signed } = receipt;
  const [leafHeader, payload, batchHeader, signature, proof, ...more] = text.split(".");
  if (!leafHeader || payload !== "" || !batchHeader || !signature || proof === undefined || more.length > 0)
    return { ok: false, reason: "the signature is not `<leaf header>..<batch header>.<signature>.<proof>`" };
  let batch: { kid: string; n: number; "pdm-merkle"?: string };
  try {
    batch = JSON.parse(new TextDecoder().decode(fromBase64Url(batchHeader))) as typeof batch;
  } catch {
    return { ok: false, reason: "the signature's header does not read" };
  }
  if (batch["pdm-merkle"] !== "sha256") return { ok: false, reason: "the signature's header does not say pdm-merkle: sha256" };
  const kid = batch.kid;
  const keys = await api.keys();
  if (!keys.ok) return { ok: false, reason: `the keys could not be fetched: ${keys.problem.detail}` };
  const jwk = keys.body.keys.find((k) => k.kid === kid);
  if (!jwk) return { ok: false, reason: `no published key has the id ${kid}` };
  try {
    const encoder = new TextEncoder();
    const leafInput = encoder.encode(`${leafHeader}.${toBase64Url(encoder.encode(canonicalize(signed) ?? "null"))}`);
    const proofBytes = fromBase64Url(proof);
    // one spelling per proof, as the service reads it
    const root = toBase64Url(proofBytes) === proof ? await rootOf(await sha256(Uint8Array.of(0), leafInput), proofBytes, batch.n) : null;
    if (!root) return { ok: false, reason: "the receipt's proof does not fit its batch" };
    const key = await crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
    const input = encoder.encode(`${batchHeader}.${toBase64Url(root)}`);
    const ok = await crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64Url(signature), input);
    return ok ? { ok: true, kid } : { ok: false, reason: "the signature does not match the receipt's fields" };
  } catch (e) {
    return { ok: false, reason: `the browser could not check an Ed25519 signature (${(e as Error).message})` };
  }
}
