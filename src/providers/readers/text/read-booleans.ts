// Booleans from text: the sentence that says the input's cue words most fully, affirmed or denied.
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import { tokenMatch, type Cue } from "./cues.js";
import { negated, statedAnswer } from "./negation.js";
import type { Token } from "./tokens.js";

/** Below this share of its cue weight a sentence does not speak of the input. */
const MIN_COVERAGE = 0.4;

interface Reading {
  coverage: number;
  first: number;
  last: number;
}

/** For one sentence: how much of the input's cue weight it says, and where. */
function readSentence(tokens: Token[], cues: Cue[], sentence: number): Reading {
  let total = 0;
  let first = -1;
  let last = -1;
  for (const cue of cues) {
    let best = 0;
    const at: number[] = [];
    tokens.forEach((t, i) => {
      if (t.sentence !== sentence) return;
      const m = tokenMatch(t, cue.stem);
      if (m > 0) at.push(i);
      best = Math.max(best, m);
    });
    if (at.length === 0) continue;
    total += cue.weight * best;
    // only the heavier cues locate the statement; a stray desc word elsewhere does not
    if (cue.weight * best >= 0.3) {
      first = first < 0 ? at[0]! : Math.min(first, at[0]!);
      last = Math.max(last, at[at.length - 1]!);
    }
  }
  const top = cues.map((c) => c.weight).sort((a, b) => b - a);
  const scale = (top[0] ?? 0) + (top[1] ?? 0);
  return { coverage: scale === 0 ? 0 : Math.min(1, total / scale), first, last };
}

export function readBooleans(inputs: InputIR[], cues: Map<string, Cue[]>, tokens: Token[], text: string): Record<string, ReadValue> {
  const sentences = [...new Set(tokens.map((t) => t.sentence))];
  const out: Record<string, ReadValue> = {};
  for (const input of inputs) {
    const own = cues.get(input.name) ?? [];
    let best: (Reading & { sentence: number }) | undefined;
    for (const s of sentences) {
      const r = readSentence(tokens, own, s);
      if (r.first >= 0 && r.coverage >= MIN_COVERAGE && (!best || r.coverage > best.coverage)) best = { ...r, sentence: s };
    }
    if (!best) continue;
    const stated = statedAnswer(tokens, best.last);
    const value = stated ?? !negated(tokens, best.first, best.last);
    const confidence = round((0.72 + 0.26 * Math.min(1, best.coverage / 0.8)) * (stated === undefined ? 1 : 1.02));
    const inSentence = tokens.filter((t) => t.sentence === best!.sentence);
    const span = { start: inSentence[0]!.start, end: inSentence[inSentence.length - 1]!.end };
    out[input.name] = {
      value,
      confidence: Math.min(0.99, confidence),
      alternatives: [{ value: !value, p: round(1 - Math.min(0.99, confidence)) }],
      source: { span, text: text.slice(span.start, span.end) },
    };
  }
  return out;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
