// Numbers from text: every amount is a candidate for every number input, scored by the cue words
// around it and by how well its form fits the input (currency for dollar amounts, % for
// percentages, whole counts for "how many", the type's bounds, the period of the amount).
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import { holdsFractions, withinBounds } from "../coerce.js";
import { convertPeriod, roundFloat, type Amount } from "../numbers.js";
import { periodOfText } from "../words.js";
import { assignBest, byElimination, proximity, type Cue } from "./cues.js";
import type { TextIndex } from "./text-index.js";
import type { Token } from "./tokens.js";

/** Below this the cue words are too far for a number to belong to the input. */
const MIN_PROXIMITY = 0.12;

type Kind = "money" | "percent" | "count" | "plain";

function kindOf(input: InputIR): Kind {
  const words = `${input.name} ${input.desc}`.toLowerCase();
  if (holdsFractions(input.type) || /\b(percent|percentage|rate)\b|%/.test(words)) return "percent";
  if (/\b(dollars?|usd|price|cost|income|salary|amount|pay|rent|fee|premium|budget|volume|euros?)\b|\$/.test(words)) return "money";
  if (/\bhow many\b/.test(words)) return "count";
  return "plain";
}

/** How well an amount's form fits the kind of input: a factor, 0 to rule it out. */
const FORM_FIT: Record<Kind, (a: Amount) => number> = {
  money: (a) => (a.percent ? 0.15 : a.currency ? 1.2 : 1),
  percent: (a) => (a.percent ? 1.3 : a.currency ? 0.15 : 0.9),
  count: (a) => (a.percent || a.currency ? 0.25 : Number.isInteger(a.value) ? 1 : 0.4),
  plain: (a) => (a.percent ? 0.4 : a.currency ? 0.5 : 1),
};

/** Nouns that make a number a count of something else ("45 years old", "3 children"). */
const UNIT_NOUNS = new Set(["year", "yr", "month", "day", "week", "hour", "minut", "old", "peopl", "person", "child", "kid", "seat", "employe", "tim", "point", "stor", "unit", "user"]);

function unitAfter(tokens: Token[], i: number): string | undefined {
  const next = tokens[i + 1];
  if (!next || next.kind !== "word" || next.sentence !== tokens[i]!.sentence || tokens[i]!.amount!.period) return undefined;
  return UNIT_NOUNS.has(next.stem) ? next.stem : undefined;
}

const looksLikeYear = (t: Token): boolean =>
  !t.amount!.currency && !t.amount!.percent && /^\d{4}$/.test(t.text) && t.amount!.value >= 1900 && t.amount!.value <= 2100;

interface Candidate {
  input: string;
  mention: number;
  score: number;
  value: number;
  factor: number;
}

function candidate(input: InputIR, cues: Cue[], index: TextIndex, i: number, minProximity = MIN_PROXIMITY): Candidate | undefined {
  const { tokens } = index;
  const t = tokens[i]!;
  const a = t.amount!;
  const kind = kindOf(input);
  let value = a.percent && holdsFractions(input.type) ? roundFloat(a.value / 100) : a.value;
  let factor = a.words ? 0.9 : 1;
  let fit = FORM_FIT[kind](a) * (looksLikeYear(t) ? 0.4 : 1);
  const period = kind === "money" ? periodOfText(`${input.name} ${input.desc}`) : undefined;
  if (period && a.period) {
    if (a.period === period) fit *= 1.15;
    else {
      value = roundFloat(convertPeriod(value, a.period, period));
      factor *= 0.85;
      fit *= 0.75;
    }
  } else if (!period && a.period && kind === "money") fit *= 0.7;
  const unit = unitAfter(tokens, i);
  // a count of something the input does not ask about: "45 years old" is not an income
  if (unit && !cues.some((c) => c.stem === unit)) fit *= kind === "money" ? 0.3 : 0.5;
  if (!withinBounds(input.type, value)) return undefined;
  const near = proximity(index, cues, i);
  if (near < minProximity) return undefined;
  return { input: input.name, mention: i, score: near * fit, value, factor };
}

export function readNumbers(inputs: InputIR[], cues: Map<string, Cue[]>, index: TextIndex, usable: (i: number) => boolean): Record<string, ReadValue> {
  const { tokens, text } = index;
  const amounts = index.amounts.filter(usable);
  const all: Candidate[] = [];
  const byInput = new Map<string, Candidate[]>();
  for (const input of inputs) {
    const own: Candidate[] = [];
    for (const i of amounts) {
      const c = candidate(input, cues.get(input.name) ?? [], index, i);
      if (c) own.push(c);
    }
    all.push(...own);
    byInput.set(input.name, own);
  }
  const out: Record<string, ReadValue> = {};
  for (const [name, best] of assignBest(all, index.meter)) {
    const rivals = byInput.get(name)!.filter((c) => c.value !== best.value).sort((a, b) => b.score - a.score);
    const second = rivals[0];
    const ratio = second ? second.score / best.score : 0;
    const confidence = round((0.55 + 0.4 * Math.min(1, best.score)) * best.factor * (ratio > 0.75 ? 0.85 : 1));
    const t = tokens[best.mention]!;
    const end = t.amountEnd ?? t.end;
    const value: ReadValue = { value: best.value, confidence, source: { span: { start: t.start, end }, text: text.slice(t.start, end) } };
    if (second && ratio >= 0.7) value.alternatives = [{ value: second.value, p: round(Math.min(1 - confidence, confidence * ratio * 0.5)) }];
    out[name] = value;
  }
  // dollar amounts no cue word claims go to the dollar inputs left, with low confidence
  const used = new Set(Object.values(out).map((v) => v.source!.span!.start));
  const left = inputs.filter((i) => !(i.name in out) && kindOf(i) === "money");
  const free = amounts.filter((i) => tokens[i]!.amount!.currency && !used.has(tokens[i]!.start));
  const inputOf = (name: string) => inputs.find((i) => i.name === name)!;
  const pick = byElimination(left.map((i) => i.name), free.map((i) => ({
    index: i,
    mention: i,
    score: (name: string) => candidate(inputOf(name), cues.get(name) ?? [], index, i, 0)?.score ?? -1,
  })));
  for (const [name, i] of pick) {
    const c = candidate(inputOf(name), cues.get(name) ?? [], index, i, 0);
    if (!c) continue;
    const t = tokens[i]!;
    const end = t.amountEnd ?? t.end;
    out[name] = { value: c.value, confidence: round(ELIMINATION_CONFIDENCE * c.factor), source: { span: { start: t.start, end }, text: text.slice(t.start, end) } };
  }
  return out;
}

/** A value found only by elimination is a guess, and says so. */
const ELIMINATION_CONFIDENCE = 0.45;

const round = (x: number): number => Math.round(x * 1000) / 1000;
