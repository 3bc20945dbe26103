// Dates from text: chrono's mentions (absolute and relative, resolved against the reference
// date), each given to the date input whose cue words stand nearest.
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import type { DateMention } from "../dates.js";
import { assignBest, byElimination, proximity, type Cue } from "./cues.js";
import type { Token } from "./tokens.js";

const MIN_PROXIMITY = 0.12;

export function readDates(inputs: InputIR[], cues: Map<string, Cue[]>, tokens: Token[], mentions: DateMention[]): Record<string, ReadValue> {
  const anchor = mentions.map((m) => {
    const inside = tokens.findIndex((t) => t.start >= m.start && t.end <= m.end);
    return inside >= 0 ? inside : tokens.findIndex((t) => t.start >= m.end);
  });
  const all: { input: string; mention: number; score: number }[] = [];
  for (const input of inputs) {
    mentions.forEach((m, j) => {
      if (anchor[j]! < 0) return;
      const inMention = (t: Token) => t.start >= m.start && t.end <= m.end;
      const near = proximity(tokens, cues.get(input.name) ?? [], anchor[j]!, inMention);
      if (near >= MIN_PROXIMITY) all.push({ input: input.name, mention: j, score: near });
    });
  }
  const out: Record<string, ReadValue> = {};
  for (const [name, best] of assignBest(all)) {
    const m = mentions[best.mention]!;
    const rivals = all.filter((c) => c.input === name && mentions[c.mention]!.iso !== m.iso).sort((a, b) => b.score - a.score);
    const ratio = rivals[0] ? rivals[0].score / best.score : 0;
    const confidence = round((0.6 + 0.35 * Math.min(1, best.score)) * (m.yearKnown ? 1 : 0.9) * (ratio > 0.75 ? 0.85 : 1));
    const value: ReadValue = { value: m.iso, confidence, source: { span: { start: m.start, end: m.end }, text: m.text } };
    if (rivals[0] && ratio >= 0.7) value.alternatives = [{ value: mentions[rivals[0].mention]!.iso, p: round(Math.min(1 - confidence, confidence * ratio * 0.5)) }];
    out[name] = value;
  }
  // dates no cue word claims go to the date inputs left, with low confidence
  const used = new Set(Object.values(out).map((v) => v.source!.span!.start));
  const free = mentions.flatMap((m, j) => (anchor[j]! >= 0 && !used.has(m.start) ? [j] : []));
  const left = inputs.filter((i) => !(i.name in out)).map((i) => i.name);
  const pick = byElimination(left, free.map((j) => ({
    index: j,
    mention: j,
    score: (name: string) => proximity(tokens, cues.get(name) ?? [], anchor[j]!),
  })));
  for (const [name, j] of pick) {
    const m = mentions[j]!;
    out[name] = { value: m.iso, confidence: round(0.45 * (m.yearKnown ? 1 : 0.9)), source: { span: { start: m.start, end: m.end }, text: m.text } };
  }
  return out;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
