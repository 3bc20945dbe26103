// The SHA-256 of a large JSON state's canonical form, written and hashed a slice at a time: a state
// of 90,000 keys (a body near the 1 MB limit) took 50–110 ms of CPU to sort, write and hash, in
// one turn with the validation and the evaluation that followed it.
import { createHash } from "node:crypto";
import { canonicalJsonPieces, GeneralPath } from "../compiler/canonical-json.js";
import { canonicalHash } from "../compiler/identity.js";
import { slices } from "./next-turn.js";

/** Characters of canonical text written before the time is looked at. */
const PIECE = 16 * 1024;

/** canonicalHash(state), letting the event loop run other work every SLICE_MS. */
export async function canonicalHashYielding(state: unknown): Promise<string> {
  const hash = createHash("sha256");
  const pause = slices();
  try {
    for (const piece of canonicalJsonPieces(state, PIECE)) {
      hash.update(piece);
      const paused = pause();
      if (paused) await paused;
    }
  } catch (e) {
    if (!(e instanceof GeneralPath)) throw e;
    return canonicalHash(state);
  }
  return hash.digest("hex");
}
