// Models a few hundred bytes long whose compile, not their evaluation, grew past all measure: the
// optimiser put a context's entries and an inlined call's arguments in place of their names for
// the certified doubles, so a name read twice doubled the form (2^40 nodes from 40 entries), walked
// and written out as code. Each is answered with its right value, from a form of bounded size.
import type { Attack } from "./attacks.js";

const DEPTH = 40;

const runOf = (content: Record<string, unknown>, n: number) =>
  JSON.stringify({
    model: {
      content: { name: "blowup", inputs: { n: { type: "number", desc: "n?" } }, ...content },
      questions: { out: { type: "number", instructions: "out?" } },
    },
    state: { n },
  });

const entries = Array.from({ length: DEPTH + 1 }, (_, i) => `a${i}: ${i === 0 ? "n" : `a${i - 1} + a${i - 1}`}`).join(", ");

/** Each answers n · 2^40 / 3 for n = 3: 2^40. */
export const COMPILE_BLOWUPS: Attack[] = [
  {
    name: `a context's ${DEPTH} entries each the one before twice, divided by 3`,
    body: runOf({ decisions: { out: `{${entries}}.a${DEPTH} / 3` } }, 3),
  },
  {
    name: `an inlined function adding its argument to itself, nested ${DEPTH} deep, divided by 3`,
    body: runOf(
      {
        functions: { f: { params: { x: "number" }, returns: "number", body: "x + x" } },
        decisions: { out: `${"f(".repeat(DEPTH)}n${")".repeat(DEPTH)} / 3` },
      },
      3,
    ),
  },
].map((a) => ({
  ...a,
  sender: "funded",
  method: "POST",
  path: "/v1/systemone",
  answer: (b: any) => b?.answers?.out?.value === 2 ** DEPTH,
  problems: [],
}));
