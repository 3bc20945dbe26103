// SHA-256 in one call. Node's one-shot `crypto.hash` (20.12 and later) skips the Hash object that
// createHash builds, which costs more than hashing the few hundred bytes the service hashes several
// times per request (model identities, state hashes, receipt leaves); older Nodes take createHash.
import * as crypto from "node:crypto";

type OneShot = (algorithm: string, data: string | Buffer, encoding: "hex" | "buffer") => string | Buffer;
const oneShot = (crypto as unknown as { hash?: OneShot }).hash;

/** SHA-256 of a text (as UTF-8) or of bytes, as lowercase hex. */
export const sha256Hex: (data: string | Buffer) => string = oneShot
  ? (data) => oneShot("sha256", data, "hex") as string
  : (data) => crypto.createHash("sha256").update(data).digest("hex");

/** SHA-256 of a text (as UTF-8) or of bytes. */
export const sha256: (data: string | Buffer) => Buffer = oneShot
  ? (data) => oneShot("sha256", data, "buffer") as Buffer
  : (data) => crypto.createHash("sha256").update(data).digest();
