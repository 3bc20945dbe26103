// Booleans from text: the sentence that says the input's cue words most fully, affirmed or denied.
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import type { Cue } from "./cues.js";
import { negated, statedAnswer } from "./negation.js";
import { matchesOf, type TextIndex } from "./text-index.js";

/** Below this share of its cue weight a sentence does not speak of the input. */
const MIN_COVERAGE = 0.4;

interface Reading {
  sentence: number;
  coverage: number;
  first: number;
  last: number;
}

/**
 * For each sentence where a cue occurs: how much of the input's cue weight it says, and where.
 * Only sentences with a cue word are visited, through the index.
 */
function readSentences(index: TextIndex, cues: Cue[]): Reading[] {
  const { tokens, meter } = index;
  const bySentence = new Map<number, { total: number; first: number; last: number }>();
  for (const cue of cues) {
    // per sentence: the cue's strongest match, and its first and last occurrence
    const hits = new Map<number, { best: number; first: number; last: number }>();
    for (const { i, m } of matchesOf(index, cue.stem)) {
      meter.steps++;
      const s = tokens[i]!.sentence;
      const h = hits.get(s);
      if (!h) hits.set(s, { best: m, first: i, last: i });
      else {
        h.best = Math.max(h.best, m);
        h.last = i;
      }
    }
    for (const [s, h] of hits) {
      const r = bySentence.get(s) ?? { total: 0, first: -1, last: -1 };
      r.total += cue.weight * h.best;
      // only the heavier cues locate the statement; a stray desc word elsewhere does not
      if (cue.weight * h.best >= 0.3) {
        r.first = r.first < 0 ? h.first : Math.min(r.first, h.first);
        r.last = Math.max(r.last, h.last);
      }
      bySentence.set(s, r);
    }
  }
  const top = cues.map((c) => c.weight).sort((a, b) => b - a);
  const scale = (top[0] ?? 0) + (top[1] ?? 0);
  return [...bySentence]
    .sort(([a], [b]) => a - b)
    .map(([sentence, r]) => ({ sentence, coverage: scale === 0 ? 0 : Math.min(1, r.total / scale), first: r.first, last: r.last }));
}

export function readBooleans(inputs: InputIR[], cues: Map<string, Cue[]>, index: TextIndex): Record<string, ReadValue> {
  const { tokens, text } = index;
  const out: Record<string, ReadValue> = {};
  for (const input of inputs) {
    let best: Reading | undefined;
    for (const r of readSentences(index, cues.get(input.name) ?? [])) {
      if (r.first >= 0 && r.coverage >= MIN_COVERAGE && (!best || r.coverage > best.coverage)) best = r;
    }
    if (!best) continue;
    const stated = statedAnswer(tokens, best.last);
    const value = stated ?? !negated(tokens, best.first, best.last);
    const confidence = round((0.72 + 0.26 * Math.min(1, best.coverage / 0.8)) * (stated === undefined ? 1 : 1.02));
    const span = { start: tokens[index.sentenceFirst[best.sentence]!]!.start, end: tokens[index.sentenceLast[best.sentence]!]!.end };
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
