// Choices and levels from text: mentions of an option's own name, or of the words of its meaning
// in `options` (and their synonyms), near the input's cue words and not denied. Probability is
// spread over the options in proportion to their evidence, so close calls stay visible as
// `alternatives`.
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import { conceptTokens, contentStems, PERIOD_STEMS, stemMatch } from "../words.js";
import { OPTION_PLACEMENT, proximity, type Cue } from "./cues.js";
import { NEGATORS, negated } from "./negation.js";
import { optionDeniedAfter } from "./denied-after.js";
import { matchesOf, type TextIndex } from "./text-index.js";
import type { Token } from "./tokens.js";
import { namedRecord } from "../../../runtime/json.js";
import { roundConfidence } from "./confidence.js";
import { qualifiersOf, wordTakenBack } from "./qualifiers.js";
import { settledOption, settles, SUPERSEDED } from "./settled-options.js";
import { boxEnding } from "./boxes.js";

const NAME_WEIGHT = 1;
const MEANING_WEIGHT = 1;
/** Saying every word of an option's meaning counts this much of saying its name. */
const MEANING_SHARE = 0.8;
/** How much an option inferred from what is told weighs against one said. */
const INFERRED_WEIGHT = 0.7;
/** Below this the best option is not established. */
const MIN_SCORE = 0.2;
/** How sure the best option is, by its evidence: from `base` at the least to `base + slope` at `full` and above. */
const STRENGTH = { base: 0.78, slope: 0.19, full: 0.8 };
/** The best option is said only by a synonym or by the words of its meaning, never by its own name. */
const INDIRECT = 0.88;

interface Term {
  stem: string;
  weight: number;
  kind: "name" | "meaning";
  /** which alternative of the meaning ("private banking, trade finance or crypto custody") */
  alt: number;
  /** the alternative is itself a denial ("has no regular earned income"): said only when denied */
  denying: boolean;
  /** how many words the alternative has, the option's name among them ("storm damage": 2) */
  altSize: number;
  /** the head of a two-word alternative ("account" of "strategic account"): said alone, it says nothing */
  head?: boolean;
  /** the modifier of a two-word alternative ("new" of "new customer") */
  modifier?: boolean;
}

const valuesOf = (input: InputIR): string[] => (input.type.kind === "choice" || input.type.kind === "levels" ? input.type.values : []);

/** Each option's words, weighted down when several options share them or they are the input's own cue words. */
function optionTerms(input: InputIR, cues: Cue[]): Map<string, Term[]> {
  const raw = new Map<string, Term[]>();
  for (const v of valuesOf(input)) {
    const terms = new Map<string, Term>();
    for (const s of conceptTokens(contentStems(v)))
      terms.set(s, { stem: s, weight: NAME_WEIGHT, kind: "name", alt: -1, denying: false, altSize: 1 });
    (input.options?.[v] ?? "").split(/,|;|\bor\b/).forEach((alt, a) => {
      const denying = alt
        .toLowerCase()
        .split(/[^a-z']+/)
        .some((w) => NEGATORS.has(w));
      const words = conceptTokens(contentStems(alt)).filter((w) => !cues.some((c) => c.stem === w));
      // the alternative's size counts the input's own cue words too: "year" alone does not say
      // "customer for two years"
      const all = conceptTokens(contentStems(alt));
      const size = all.length;
      // a compound of two words ("strategic account"): its head alone ("account history") is any account
      // (an adjective or a noun before a noun, not a verb's object: "visiting clients")
      const written = alt.trim().split(/\s+/);
      const compound = size === 2 && written.length === 2 && !/(?:ing|ed)$/i.test(written[0]!);
      const head = compound ? all[1] : undefined;
      for (const s of words)
        if (!terms.has(s))
          terms.set(s, {
            stem: s,
            weight: MEANING_WEIGHT,
            kind: "meaning",
            alt: a,
            denying,
            altSize: Math.max(1, size),
            head: s === head,
            modifier: compound && s === all[0],
          });
    });
    // an option's name keeps its stem when the input's own words share it ("employed" of
    // "employment"): those words themselves, and synonyms of them ("job"), are not the option said
    raw.set(
      v,
      [...terms.values()].filter((t) => t.kind === "name" || !cues.some((c) => c.stem === t.stem)),
    );
  }
  const sharing = (stem: string) => [...raw.values()].filter((ts) => ts.some((t) => stemMatch(t.stem, stem) > 0)).length;
  for (const [v, ts] of raw)
    raw.set(
      v,
      ts.map((t) => ({ ...t, weight: t.weight / Math.max(1, sharing(t.stem)) })),
    );
  return raw;
}

/**
 * A form's box just before an option: ticked ("[x] Theft", "☒", "(X)", "✔"), empty ("[ ] Glass", "☐"), or none.
 * One box serves words joined by slashes ("[ ] Storm/Flood", "[ ] Theft/Attempted theft": none is ticked)
 * and every part of a hyphenated word ("[ ] Self-employed": no box of its own before "employed").
 */
function checkBox(text: string, start: number): { ticked: boolean; at: number } | undefined {
  const from = Math.max(0, start - 40);
  const before = text
    .slice(from, start)
    .replace(/(?:[A-Za-z]+-)+$/, "")
    .replace(/(?:[A-Za-z][A-Za-z ]*\/\s?)+(?:[A-Za-z]+ )*$/, "");
  const box = boxEnding(before);
  return box && { ticked: box.ticked, at: from + box.at };
}

/** Whether the ticked boxes, each with the options it names, name no option all of them share. */
const ticksApart = (boxes: string[][]): boolean =>
  boxes.length > 1 && !boxes[0]!.some((option) => boxes.every((names) => names.includes(option)));

/** Option names used by other inputs too ("low", "high") need their input's cue words close by. */
function genericNames(inputs: InputIR[], cues: Map<string, Cue[]>): Set<string> {
  const count = new Map<string, number>();
  for (const input of inputs)
    for (const v of new Set(valuesOf(input).flatMap((x) => contentStems(x)))) count.set(v, (count.get(v) ?? 0) + 1);
  const cueStems = [...cues.values()].flat().map((c) => c.stem);
  return new Set([...count].filter(([s, n]) => n > 1 || cueStems.includes(s)).map(([s]) => s));
}

/**
 * Whether the modifier at `i` qualifies what another input asks of ("new deal", "new contract":
 * the contract's years), not a word of its own input ("new customer", though the tax question asks
 * of the customer too).
 */
function qualifiesAnother(tokens: readonly Token[], i: number, own: Cue[], others: Cue[]): boolean {
  const next = tokens[i + 1];
  if (!next || next.kind !== "word" || next.stop || next.sentence !== tokens[i]!.sentence) return false;
  const says = (c: Cue) => next.concept === c.stem || stemMatch(next.stem, c.stem) > 0;
  return !own.some(says) && others.some(says);
}

/** How far before a span of time the input's own word ("customer for three years") still says it is the option's. */
const SPAN_CUE_REACH = 6;

/**
 * Whether the unit of time at `i` ends a span an input counting time took (`spans`: "let's do 4
 * years" as contract years) and none of this input's own words stands just before it in its
 * sentence ("Customer for three years" stays the tenure).
 */
function countedSpan(tokens: readonly Token[], i: number, own: Cue[], spans: ReadonlySet<number>): boolean {
  if (!spans.has(tokens[i - 1]?.amount?.value ?? Number.NaN)) return false;
  for (let j = i - 2; j >= Math.max(0, i - 1 - SPAN_CUE_REACH) && tokens[j]!.sentence === tokens[i]!.sentence; j--)
    if (own.some((c) => c.stem === tokens[j]!.stem || c.stem === tokens[j]!.concept)) return false;
  return true;
}

/**
 * `spans`: the counts an input counting time was read as; a unit of time after one of them ("let's
 * do 4 years", read as contract years) is that input's span, no option's meaning ("customer for
 * two years or more").
 */
export function readChoices(
  inputs: InputIR[],
  all: InputIR[],
  cues: Map<string, Cue[]>,
  index: TextIndex,
  spans: ReadonlySet<number> = new Set(),
): Record<string, ReadValue> {
  const { tokens, text, meter } = index;
  const generic = genericNames(all, cues);
  const out = namedRecord<ReadValue>();
  /** The other inputs offering an option named by `stem`: their cue words compete for its mentions. */
  const rivalsOf = (input: InputIR, stem: string): Cue[][] =>
    all.filter((o) => o !== input && valuesOf(o).some((v) => contentStems(v).includes(stem))).map((o) => cues.get(o.name) ?? []);
  for (const input of inputs) {
    const own = cues.get(input.name) ?? [];
    const others = [...cues].flatMap(([name, cs]) => (name === input.name ? [] : cs));
    const terms = optionTerms(input, own);
    // the input's own words ("Employment status: …") name the question, not an option
    const ownWords = new Set(`${input.name} ${input.desc}`.toLowerCase().split(/[^a-z]+/));
    const scores = new Map<string, { score: number; at: number; exact: boolean }>();
    // each option's last mention by its own name, and its last said to hold ("silver now")
    const lastAt = new Map<string, number>();
    const settledAt = new Map<string, number>();
    // by each ticked box, the options it names: two boxes that name no option in common answer nothing
    const tickedOptions = new Map<number, string[]>();
    for (const [option, ts] of terms) {
      // per sentence: the best mention of the option's name, plus the share of its meaning said
      const bySentence = new Map<
        number,
        { name: number; meaning: number[]; modified: boolean[]; at: number; atScore: number; exact: boolean }
      >();
      // the alternatives with a head that says nothing alone
      const headed = new Set(ts.filter((t) => t.head).map((t) => t.alt));
      for (const term of ts) {
        const bestIn = new Map<number, { s: number; at: number; m: number }>();
        // sentences that say the option by its own name, whichever mention of it is placed best
        const saidIn = new Set<number>();
        const rivals = generic.has(term.stem) ? rivalsOf(input, term.stem) : [];
        for (const { i, m } of matchesOf(index, term.stem)) {
          meter.steps++;
          // a unit of time says a meaning ("customer for two years") only with a count before it, not in "per seat per year"
          // a unit written short ("3 yrs") is a note's span of time: never a meaning
          if (
            term.kind === "meaning" &&
            PERIOD_STEMS.has(term.stem) &&
            (tokens[i - 1]?.kind !== "amount" || tokens[i]!.concept === term.stem || countedSpan(tokens, i, own, spans))
          )
            continue;
          if (term.modifier && qualifiesAnother(tokens, i, own, others)) continue;
          if (term.kind === "name" && (ownWords.has(tokens[i]!.lower) || (m < 1 && own.some((c) => c.stem === term.stem)))) continue;
          const mark = checkBox(text, tokens[i]!.start);
          const box = mark?.ticked;
          // Turkish and Japanese deny after the word, with the verb ("emekli değil", "taishoku shite imasen")
          const denied = negated(tokens, i, i, 3) !== optionDeniedAfter(tokens, i);
          if (box === false || denied !== term.denying || wordTakenBack(tokens, i)) continue;
          // an option named by a writer who only believes it or has yet to confirm it ("I think
          // they're silver?", "maybe gold, unconfirmed") is not established by that mention; a
          // hedge near a synonym or a word of a meaning ("pension ~3,100 I think") qualifies the figure
          if (!box && term.kind === "name" && m === 1 && qualifiersOf(tokens, i).has("hedged")) continue;
          // a ticked box says the option outright
          if (box && term.kind === "name") tickedOptions.set(mark!.at, [...(tickedOptions.get(mark!.at) ?? []), option]);
          const near = box ? 1 : proximity(index, own, i, undefined, OPTION_PLACEMENT);
          // a shared option name ("high") belongs to the input whose cue words stand nearest
          const nearestRival = Math.max(0, ...rivals.map((r) => proximity(index, r, i, undefined, OPTION_PLACEMENT)));
          const contested = generic.has(term.stem) ? near * Math.min(1, near / Math.max(near, nearestRival)) ** 2 : near;
          const t = tokens[i]!;
          // an option inferred from what is told ("Ms Cole", "Kessler GmbH") weighs less than one said
          const s =
            m * term.weight * (t.inferred ? INFERRED_WEIGHT : 1) * (generic.has(term.stem) ? 0.1 + 0.9 * contested : 0.5 + 0.5 * near);
          if (term.kind === "name" && m === 1 && !t.inferred) {
            saidIn.add(t.sentence);
            lastAt.set(option, Math.max(i, lastAt.get(option) ?? -1));
            if (settles(tokens, i)) settledAt.set(option, Math.max(i, settledAt.get(option) ?? -1));
          }
          const prev = bestIn.get(t.sentence);
          if (!prev || s > prev.s) bestIn.set(t.sentence, { s, at: i, m });
        }
        for (const [sentence, hit] of bestIn) {
          const acc = bySentence.get(sentence) ?? { name: 0, meaning: [], modified: [], at: hit.at, atScore: 0, exact: false };
          if (term.kind === "name") acc.name = Math.max(acc.name, hit.s);
          // an option said by its name, not one inferred from what is told (text/tokens.ts)
          if (saidIn.has(sentence)) acc.exact = true;
          else {
            acc.meaning[term.alt] = (acc.meaning[term.alt] ?? 0) + (MEANING_SHARE * hit.s) / term.altSize;
            if (term.kind === "meaning" && !term.head) acc.modified[term.alt] = true;
          }
          if (hit.s > acc.atScore) [acc.atScore, acc.at] = [hit.s, hit.at];
          bySentence.set(sentence, acc);
        }
      }
      const top = [...bySentence.values()]
        .map((x) => ({
          score: x.name + Math.max(0, ...x.meaning.filter((m, alt) => m !== undefined && (x.modified[alt] || !headed.has(alt)))),
          at: x.at,
          exact: x.exact,
        }))
        .sort((a, b) => b.score - a.score)[0];
      if (top && top.score > 0) scores.set(option, { score: Math.min(1.2, top.score), at: top.at, exact: top.exact });
    }
    // an option the conversation settles on after naming others holds; the others are superseded
    // a form with boxes ticked before two options does not say which holds
    if (ticksApart([...tickedOptions.values()])) continue;
    const settled = settledOption(new Map([...scores].map(([o, x]) => [o, x.score])), settledAt, lastAt);
    if (settled) for (const [option, x] of scores) if (option !== settled) scores.set(option, { ...x, score: x.score * SUPERSEDED });
    const ranked = [...scores].sort((a, b) => b[1].score - a[1].score);
    const [bestName, best] = ranked[0] ?? [];
    if (!bestName || !best || best.score < MIN_SCORE) continue;
    // probability spread over the options by the square of their evidence, times how strong the best is
    const squares = ranked.reduce((s, [, x]) => s + x.score ** 2, 0);
    const strength = Math.min(0.97, STRENGTH.base + STRENGTH.slope * Math.min(1, best.score / STRENGTH.full)) * (best.exact ? 1 : INDIRECT);
    const p = (x: number) => roundConfidence((x ** 2 / squares) * strength);
    const t = tokens[best.at]!;
    out[input.name] = {
      value: bestName,
      confidence: p(best.score),
      alternatives: ranked
        .slice(1)
        .map(([v, x]) => ({ value: v, p: p(x.score) }))
        .filter((a) => a.p > 0),
      source: { span: { start: t.start, end: t.end }, text: text.slice(t.start, t.end) },
    };
  }
  return out;
}
