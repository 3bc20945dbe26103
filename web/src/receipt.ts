// A receipt checked in the page as anyone would check it offline (docs/service.md, "The receipt"):
// its leaf from the RFC 8785 canonical JSON of every other receipt field, its inclusion proof
// walked to its batch's Merkle root, and the batch's detached JWS (EdDSA, Ed25519) on that root,
// against the service's published keys (GET /v1/keys), with the browser's own WebCrypto.
import canonicalize from "canonicalize";
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

/** The root that the leaf's proof (its 4-byte index, then its audit path) leads to in a tree of n leaves (RFC 9162 2.1.3.2). */
async function rootOf(leaf: Uint8Array, proof: Uint8Array, n: number): Promise<Uint8Array | null> {
  if (proof.length < 4 || (proof.length - 4) % 32 !== 0) return null;
  let index = new DataView(proof.buffer, proof.byteOffset).getUint32(0);
  let last = n - 1;
  if (!(index <= last)) return null;
  let hash = leaf;
  for (let at = 4; at < proof.length; at += 32) {
    if (last === 0) return null;
    const sibling = proof.subarray(at, at + 32);
    if (index % 2 === 1 || index === last) {
      hash = await sha256(Uint8Array.of(1), sibling, hash);
      while (index % 2 === 0 && index !== 0) [index, last] = [index >> 1, last >> 1];
    } else hash = await sha256(Uint8Array.of(1), hash, sibling);
    [index, last] = [index >> 1, last >> 1];
  }
  return last === 0 ? hash : null;
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
