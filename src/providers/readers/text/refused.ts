// A value put as a question and turned down in the answer: "coupon 20%?" answered "no — 20 is too
// much. I approved 12%, use 12". The question only proposes its value; a reply that opens with a
// refusal ("no", "nope", "non", "nein", "nee", "não", set off by a dash, a comma or the end of its
// sentence, not "no idea") turns it down. The first amount of the same form (percent or not, money
// or not) the reply's turn states, other than the refused value said again, is the value agreed in
// its place: it answers what the question's did. The refused value said again in the reply ("20 is
// too much") is refused with it. Each reply is looked at from its first tokens to the end of its
// line, once: linear in the text.
import type { TextIndex } from "./text-index.js";
import type { Token } from "./tokens.js";
import { bodyStart, lineStart } from "./whose.js";

/** Answers that turn a proposal down, in the languages of evidence ("no" is Spanish and Italian too). */
export const REFUSALS = new Set(["no", "nope", "nah", "non", "nein", "nee", "não", "nao"]);
const sameForm = (a: Token, b: Token): boolean =>
  Boolean(a.amount!.percent) === Boolean(b.amount!.percent) && Boolean(a.amount!.currency) === Boolean(b.amount!.currency);

/** Whether the sentence s opens with a refusal set off on its own: "Raj (Sales Mgr) 10:21  no — …", "Client: No, …". */
function opensWithRefusal(index: TextIndex, s: number): boolean {
  const { tokens, text } = index;
  const first = index.sentenceFirst[s]!;
  // the reply's first word, past its writer's stamp and name
  const body = bodyStart(text, lineStart(text, tokens[first]!.start));
  let k = first;
  while (k <= index.sentenceLast[s]! && (tokens[k]!.start < body || tokens[k]!.kind === "punct")) k++;
  const [t, next] = [tokens[k], tokens[k + 1]];
  return (
    t !== undefined &&
    t.sentence === s &&
    t.kind === "word" &&
    REFUSALS.has(t.lower) &&
    (!next || next.sentence !== s || next.kind === "punct")
  );
}

/**
 * The amounts a reply refuses, each with the amount agreed in its place when the reply states one:
 * the question's last amount, and its value said again in the reply.
 */
export function refusedProposals(index: TextIndex): Map<number, number | undefined> {
  const { tokens, amounts } = index;
  const out = new Map<number, number | undefined>();
  // the last amount of each question sentence
  const asked = new Map<number, number>();
  for (const i of amounts) if (index.question[tokens[i]!.sentence]) asked.set(tokens[i]!.sentence, i);
  // each reply's turn: the sentences answering the question, the first of which must refuse
  const turn = new Map<number, number[]>();
  for (const i of amounts) {
    const q = index.answers[tokens[i]!.sentence] ?? -1;
    if (q >= 0 && asked.has(q)) turn.set(q, [...(turn.get(q) ?? []), i]);
  }
  for (const [q, i] of asked) {
    index.meter.steps++;
    const reply = q + 1;
    if (index.answers[reply] !== q || !opensWithRefusal(index, reply)) continue;
    const value = tokens[i]!.amount!.value;
    const said = turn.get(q) ?? [];
    const again = said.filter((j) => tokens[j]!.amount!.value === value);
    const agreed = said.find((j) => tokens[j]!.amount!.value !== value && sameForm(tokens[j]!, tokens[i]!));
    for (const j of [i, ...again]) out.set(j, agreed);
  }
  return out;
}
