// A receipt checked in the page as anyone would check it offline: the detached JWS (EdDSA,
// Ed25519) over the RFC 8785 canonical JSON of every other receipt field, against the service's
// published keys (GET /v1/keys), with the browser's own WebCrypto.
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

export async function verifyReceipt(receipt: Receipt): Promise<Verdict> {
  if (!globalThis.crypto?.subtle)
    return { ok: false, reason: "this page is not in a secure context (https or localhost), so the browser offers no WebCrypto" };
  const { receipt: jws, ...signed } = receipt;
  const [header, payload, signature] = jws.split(".");
  if (header === undefined || payload !== "" || signature === undefined)
    return { ok: false, reason: "the signature is not a detached compact JWS" };
  let kid: string;
  try {
    kid = (JSON.parse(new TextDecoder().decode(fromBase64Url(header))) as { kid: string }).kid;
  } catch {
    return { ok: false, reason: "the signature's header does not read" };
  }
  const keys = await api.keys();
  if (!keys.ok) return { ok: false, reason: `the keys could not be fetched: ${keys.problem.detail}` };
  const jwk = keys.body.keys.find((k) => k.kid === kid);
  if (!jwk) return { ok: false, reason: `no published key has the id ${kid}` };
  try {
    const key = await crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
    const input = new TextEncoder().encode(`${header}.${toBase64Url(new TextEncoder().encode(canonicalize(signed) ?? "null"))}`);
    const ok = await crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64Url(signature), input);
    return ok ? { ok: true, kid } : { ok: false, reason: "the signature does not match the receipt's fields" };
  } catch (e) {
    return { ok: false, reason: `the browser could not check an Ed25519 signature (${(e as Error).message})` };
  }
}
