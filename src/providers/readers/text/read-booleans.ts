// Booleans from text: the sentence that says the input's cue words most fully, affirmed or denied.
// A sentence that only shares a weaker word with the input ("reported" for "police report") does
// not speak of it; a hedged statement ("may have held a government post") establishes nothing, nor
// does a question left unanswered ("Should I call the police?").
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import type { Cue } from "./cues.js";
import { closingDenial, dashAfter, deniedAt, isNegator, statedAnswer } from "./negation.js";
import { topicDenied } from "./topic-denials.js";
import { checkPending, isCheck, pending, qualifiersOf, unrealised } from "./qualifiers.js";
import { matchesOf, type TextIndex } from "./text-index.js";
import type { Token } from "./tokens.js";
import { namedRecord } from "../../../runtime/json.js";
import { roundConfidence } from "./confidence.js";
import { lapsedUnderRenewal } from "./renewals.js";
import { readability } from "./languages.js";
import { conceptTokens, contentStems } from "../words.js";
import { boxesAfter } from "./boxes.js";
import { inBareIdentifier } from "./identifiers.js";

/** Below this share of its cue weight a sentence does not speak of the input. */
const MIN_COVERAGE = 0.4;
/** The sentence must say a cue at least this heavy, relative to the input's heaviest. */
const DISTINCT = 0.75;
/** A hedged statement establishes nothing: no value rather than a guess (its confidence falls under the floor). */
const HEDGED = 0;
/**
 * An affirmed statement in a sentence that denies something else ("returned one article, which
 * we judged not relevant"; "the certificate expired and has not been renewed") may be denied
 * after all, in a way the clause rules do not see.
 */
const NEGATION_NEARBY = 0.75;
/** A verdict closing the statement ("…: no matches") answers it a little less directly than a label's "no". */
const CLOSED = 0.95;
/** A denial that leaves its topic unsaid is read through the sentence's shape: less sure. */
const ELLIPTIC = 0.88;
/** A dash or "n/a" for an answer ("PEP: —") says no by the form's custom, not in words: less sure than a written "no". */
const DASHED = 0.87;
/** How many tokens of the next sentence may still qualify a statement ("…; not relevant"). */
const VERDICT_REACH = 2;
/** The sentence says the input only by a lighter cue than its heaviest. */
const LIGHTER_CUE = 0.92;
/** A statement's hedge may stand anywhere in its clause ("there may be an article linking him to a minister"). */
const HEDGE_REACH = 10;
/**
 * A name said as one concept ("adverse media") whose words all stand apart in one sentence, in
 * either order ("Media search: nothing adverse"), says it this much of saying it whole, if they
 * stand within PARTS_REACH tokens of each other.
 */
const PARTS_APART = 0.9;
const PARTS_REACH = 8;
/** A statement the name's words only say apart is never read above this. */
const PARTS_CAP = 0.89;

interface Reading {
  sentence: number;
  coverage: number;
  first: number;
  last: number;
  /** the first occurrence of the heaviest cue said: where the statement is */
  anchor: number;
  /** the heaviest cue said, relative to the input's heaviest */
  distinct: number;
  /** the name was said only by its words apart */
  apart: boolean;
}

/**
 * For each sentence where a cue occurs: how much of the input's cue weight it says, and where.
 * Only sentences with a cue word are visited, through the index.
 */
function readSentences(index: TextIndex, cues: Cue[], parts: string[] = []): Reading[] {
  const { tokens, meter } = index;
  const heaviest = Math.max(0, ...cues.map((c) => c.weight));
  const bySentence = new Map<number, { total: number; first: number; last: number; anchor: number; strongest: number; apart?: boolean }>();
  /** per sentence, where each word of a name said as one concept stands */
  const partsAt = new Map<number, number[][]>();
  for (const [k, part] of parts.entries())
    for (const { i, m } of matchesOf(index, part)) {
      meter.steps++;
      if (m < 1) continue;
      const s = tokens[i]!.sentence;
      const at = partsAt.get(s) ?? parts.map(() => []);
      at[k]!.push(i);
      partsAt.set(s, at);
    }
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
      const r = bySentence.get(s) ?? { total: 0, first: -1, last: -1, anchor: -1, strongest: 0 };
      const said = cue.weight * h.best;
      r.total += said;
      // only the heavier cues locate the statement; a stray desc word elsewhere does not
      if (said >= 0.3) {
        r.first = r.first < 0 ? h.first : Math.min(r.first, h.first);
        r.last = Math.max(r.last, h.last);
      }
      if (said > r.strongest || (said === r.strongest && h.first < r.anchor)) [r.strongest, r.anchor] = [said, h.first];
      bySentence.set(s, r);
    }
  }
  // the words of the name apart: the statement is where the last of them stands, which a denial
  // before it denies ("nothing adverse")
  for (const [s, at] of partsAt) {
    const r = bySentence.get(s);
    if (!r || at.some((is) => is.length === 0)) continue;
    const firsts = at.map((is) => is[0]!);
    const [from, to] = [Math.min(...firsts), Math.max(...firsts)];
    const said = heaviest * PARTS_APART;
    if (to - from <= PARTS_REACH && said > r.strongest) {
      [r.strongest, r.anchor, r.apart] = [said, to, true];
      r.first = r.first < 0 ? from : Math.min(r.first, from);
      r.last = Math.max(r.last, to);
    }
  }
  const top = cues.map((c) => c.weight).sort((a, b) => b - a);
  const scale = (top[0] ?? 0) + (top[1] ?? 0);
  return [...bySentence]
    .sort(([a], [b]) => a - b)
    .map(([sentence, r]) => ({
      sentence,
      coverage: scale === 0 ? 0 : Math.min(1, r.total / scale),
      first: r.first,
      last: r.last,
      anchor: r.anchor,
      distinct: heaviest === 0 ? 0 : r.strongest / heaviest,
      apart: r.apart === true,
    }));
}

export function readBooleans(inputs: InputIR[], cues: Map<string, Cue[]>, index: TextIndex): Record<string, ReadValue> {
  const { tokens, text } = index;
  const out = namedRecord<ReadValue>();
  const language = readability(text);
  for (const input of inputs) {
    let best: Reading | undefined;
    for (const r of readSentences(index, cues.get(input.name) ?? [], nameParts(input))) {
      if (r.first < 0 || r.coverage < MIN_COVERAGE || r.distinct < DISTINCT) continue;
      // a question states nothing ("Do I need to contact the police?", a chat's "pep?", a form's
      // label left blank) unless an answer follows it, in words or in a ticked box ("☐ Yes ☒ No")
      if (
        index.question[r.sentence] &&
        statedAnswer(text, tokens, r.last) === undefined &&
        boxesAfter(text, tokens[r.last]!.end) === undefined
      )
        continue;
      // nor a statement that the fact is as said before ("the adverse media result is unchanged",
      // "as before"): its value is the earlier statement's, read where that says it
      if (asBefore(tokens, r.anchor)) continue;
      if (!best || r.coverage > best.coverage) best = r;
    }
    if (!best) continue;
    // boxes beside "yes" and "no" after the question answer it by the one ticked: the words beside
    // them are the form's, not the writer's; boxes left all empty, or both ticked, answer nothing
    const boxed = boxesAfter(text, tokens[best.last]!.end);
    if (boxed === null) continue;
    const said = boxed ?? statedAnswer(text, tokens, best.last);
    const sentenceEnd = index.sentenceLast[best.sentence]!;
    // a topic denied at the sentence's end without being named again ("Regarding PEP status, … the client is not one")
    const elliptic = said === undefined && topicDenied(text, tokens, index.sentenceFirst[best.sentence]!, best.first, sentenceEnd);
    const closed = said === undefined && (elliptic || closingDenial(text, tokens, best.last, sentenceEnd)) ? false : undefined;
    const stated = said ?? closed;
    // a column's or key's name ("prior_default" in a header row) names the fact, it does not say it
    if (stated === undefined && inBareIdentifier(text, tokens[best.anchor]!)) continue;
    // a check not made yet establishes nothing either way ("adverse media: search not run yet")
    if (stated === undefined && pending(tokens, best.anchor)) continue;
    // nor a fact declared while the check of it is pending, said next on the same line ("PEP:
    // settlor says none. Our screening is still pending")
    if (pendingNext(index, best.sentence, input, cues)) continue;
    if (stated === undefined && pendingLater(index, best.anchor, input, cues)) continue;
    // nor a status that lapsed while its renewal is under way ("expired in September, renewal is in process")
    if (stated === undefined && lapsedUnderRenewal(tokens, best.anchor, index.sentenceLast[best.sentence]!)) continue;
    // a sentence in a language the readers do not know may deny the fact in words they cannot see
    // ("… default nahi kiya"): it affirms nothing; only an answer they can read ("Default: no") stands
    if (said === undefined && language.partlyUnknown && language.unknownSentence(sentenceWords(index, best.sentence))) continue;
    // a cue denied in a later clause gives the outcome ("called the police but no report was filed")
    const deniedLater = best.last > best.anchor && tokens[best.last]!.clause > tokens[best.anchor]!.clause && deniedAt(tokens, best.last);
    let value = stated ?? (!deniedAt(tokens, best.anchor) && !deniedLater);
    const hedged =
      stated === undefined &&
      (qualifiersOf(tokens, best.anchor, best.anchor, HEDGE_REACH).has("hedged") ||
        (value && unrealised(tokens, best.anchor, HEDGE_REACH)));
    const plain = Math.min(
      0.99,
      (0.72 + 0.26 * Math.min(1, best.coverage / 0.8)) *
        (said === undefined ? 1 : 1.02) *
        (boxed === undefined && said !== undefined && dashAfter(text, tokens, best.last) !== undefined ? DASHED : 1) *
        (closed === undefined ? 1 : CLOSED) *
        (elliptic ? ELLIPTIC : 1),
    );
    // a negator in the sentence, or opening the fragment after it ("found an article; not relevant")
    let unresolved = false;
    const next = index.sentenceFirst[best.sentence + 1];
    const last =
      next === undefined || next < 0 ? index.sentenceLast[best.sentence]! : Math.min(tokens.length - 1, next + VERDICT_REACH - 1);
    for (let i = index.sentenceFirst[best.sentence]!; i <= last && !unresolved; i++) unresolved = isNegator(tokens[i]!);
    // or a verdict anywhere in the fragment after it ("…came up; the analyst reviewed it and it is not relevant")
    if (!unresolved && next !== undefined && next >= 0)
      for (let i = next; i <= index.sentenceLast[best.sentence + 1]! && !unresolved; i++) unresolved = isVerdict(tokens, i);
    // a verdict that denies the very word the question asks ("Did the screening return a
    // relevant hit?" … "; the analyst reviewed it and it is not relevant") answers it: no
    const own = cues.get(input.name) ?? [];
    let verdictDenies = false;
    const fragmentEnd = Math.max(index.sentenceLast[best.sentence]!, index.sentenceLast[best.sentence + 1] ?? -1);
    if (value && stated === undefined && !hedged)
      for (let i = index.sentenceFirst[best.sentence]!; i <= fragmentEnd; i++)
        if (
          isVerdict(tokens, i) &&
          [1, 2].some((k) => own.some((c) => c.stem === tokens[i + k]?.stem && FINDING.has(tokens[i + k]!.lower)))
        )
          verdictDenies = true;
    // a finding the text then dismisses ("1 hit - unrelated namesake, discounted", a false
    // positive), in its fragment or in the lines indented under a heading ("adverse_media:")
    if (
      value &&
      stated === undefined &&
      !hedged &&
      dismissedAfter(index, best.anchor, Math.max(fragmentEnd, blockEnd(index, best.sentence)))
    )
      verdictDenies = true;
    if (verdictDenies) value = false;
    const doubt =
      (hedged ? HEDGED : 1) *
      (stated === undefined && ((value && unresolved) || deniedLater || verdictDenies) ? NEGATION_NEARBY : 1) *
      (best.distinct < 1 ? LIGHTER_CUE : 1);
    const confidence = roundConfidence(Math.min(best.apart ? PARTS_CAP : 1, plain * doubt));
    const span = { start: tokens[index.sentenceFirst[best.sentence]!]!.start, end: tokens[index.sentenceLast[best.sentence]!]!.end };
    out[input.name] = {
      value,
      confidence,
      alternatives: [{ value: !value, p: roundConfidence(1 - confidence) }],
      source: { span, text: text.slice(span.start, span.end) },
    };
  }
  return out;
}

/** The words of sentence s, lower case, in order. */
function sentenceWords(index: TextIndex, s: number): string[] {
  const out: string[] = [];
  for (let i = index.sentenceFirst[s]!; i <= index.sentenceLast[s]!; i++)
    if (index.tokens[i]!.kind === "word") out.push(index.tokens[i]!.lower);
  return out;
}

/**
 * Whether the sentence after sentence s, on the same line, says a check is pending and names no
 * other input but by a word of checking ("Adverse media search pending" after a PEP answer is
 * that input's check; "screening", a word of the adverse media question, names none).
 */
function pendingNext(index: TextIndex, s: number, input: InputIR, cues: Map<string, Cue[]>): boolean {
  const { tokens, text } = index;
  const from = index.sentenceFirst[s + 1];
  const to = index.sentenceLast[s + 1];
  if (
    from === undefined ||
    to === undefined ||
    from < 0 ||
    text.slice(tokens[index.sentenceLast[s]!]!.end, tokens[from]!.start).includes("\n")
  )
    return false;
  return checkPending(tokens, from, to) && !namesAnother(index, from, to, input, cues);
}

/** Whether tokens from..to name another input than `input` but by a word of checking. */
function namesAnother(index: TextIndex, from: number, to: number, input: InputIR, cues: Map<string, Cue[]>): boolean {
  const { tokens } = index;
  for (const [name, own] of cues)
    if (
      name !== input.name &&
      own.some((c) => c.weight >= 0.5 && matchesOf(index, c.stem).some(({ i }) => i >= from && i <= to && !isCheck(tokens[i]!)))
    )
      return true;
  return false;
}

/**
 * Whether a later clause of the statement's sentence says the fact is awaited and names no other
 * input ("they say they're exempt but haven't sent the certificate yet", "applied for the
 * exemption, still waiting"): the declaration is not established.
 */
function pendingLater(index: TextIndex, anchor: number, input: InputIR, cues: Map<string, Cue[]>): boolean {
  const { tokens } = index;
  const last = index.sentenceLast[tokens[anchor]!.sentence]!;
  for (let k = anchor + 1; k <= last; k++) {
    if (tokens[k]!.clause === tokens[k - 1]!.clause) continue;
    let end = k;
    while (end < last && tokens[end + 1]!.clause === tokens[k]!.clause) end++;
    if (pending(tokens, k) && !namesAnother(index, k, end, input, cues)) return true;
    k = end;
  }
  return false;
}

/** Words that say a fact is as an earlier statement gave it: "unchanged", "as before", "same as previously", "no change". */
const UNCHANGED = new Set(["unchanged", "unaltered"]);
const UNCHANGED_PAIRS: Record<string, string[]> = {
  as: ["before", "previously", "earlier", "above", "below"],
  no: ["change", "changes"],
  same: ["as"],
};

/** Whether the clause of the statement at `anchor` says the fact is as stated before. */
function asBefore(tokens: Token[], anchor: number): boolean {
  const clause = tokens[anchor]!.clause;
  let from = anchor;
  while (from > 0 && tokens[from - 1]!.clause === clause) from--;
  for (let k = from; k < tokens.length && tokens[k]!.clause === clause; k++) {
    const t = tokens[k]!.lower;
    if (UNCHANGED.has(t) || (Object.hasOwn(UNCHANGED_PAIRS, t) && UNCHANGED_PAIRS[t]!.includes(tokens[k + 1]?.lower ?? ""))) return true;
  }
  return false;
}

/** The words of an input's name when the name is said as one concept ("adverse media"), else none. */
function nameParts(input: InputIR): string[] {
  const stems = contentStems(input.name);
  return stems.length > 1 && conceptTokens(stems).length === 1 ? stems : [];
}

/** Words a negator turns into a verdict on a finding: "not relevant", "not related", "no match". */
const FINDING = new Set(["relevant", "related", "applicable", "match", "matches", "concern", "concerns", "same"]);

/** A negator followed within two words by one of FINDING. */
const isVerdict = (tokens: Token[], i: number): boolean =>
  isNegator(tokens[i]!) && [1, 2].some((k) => FINDING.has(tokens[i + k]?.lower ?? ""));

/** Words that dismiss a finding: "discounted", "unrelated namesake", "false positive". */
const DISMISSALS = new Set(["discounted", "dismissed", "unrelated", "namesake", "irrelevant"]);

/** Words of a person or body a finding may be about: "a different person", "another individual". */
const SOMEONE = new Set(["person", "persons", "people", "individual", "individuals", "man", "woman", "entity", "company", "namesakes"]);

/**
 * A finding about someone else: "a different Arthur Marlowe", "another person", "someone else"
 * (a namesake, said without the word).
 */
const someoneElse = (tokens: Token[], i: number): boolean => {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  if (!next || next.sentence !== t.sentence) return false;
  if (t.lower === "someone" || t.lower === "somebody") return next.lower === "else";
  return (t.lower === "different" || t.lower === "another") && (SOMEONE.has(next.lower) || /^\p{Lu}\p{Ll}/u.test(next.text));
};

/** A dismissal denied by a negator a word or two before it: "confirmed, not a namesake" confirms the finding. */
const deniedDismissal = (tokens: Token[], i: number): boolean =>
  [1, 2].some((k) => tokens[i - k] !== undefined && tokens[i - k]!.sentence === tokens[i]!.sentence && isNegator(tokens[i - k]!));

/** Whether a token dismisses a finding: one of DISMISSALS, "false" before "positive" or "match", or a finding about someone else. */
const dismisses = (tokens: Token[], i: number): boolean =>
  (DISMISSALS.has(tokens[i]!.lower) ||
    (tokens[i]!.lower === "false" && /^(positives?|match(es)?|hits?)$/.test(tokens[i + 1]?.lower ?? "")) ||
    someoneElse(tokens, i)) &&
  !deniedDismissal(tokens, i);

/** Whether a token after `anchor`, up to `end`, dismisses the finding stated there. */
function dismissedAfter(index: TextIndex, anchor: number, end: number): boolean {
  for (let i = anchor + 1; i <= end && i < index.tokens.length; i++) if (dismisses(index.tokens, i)) return true;
  return false;
}

/** The indentation of the line holding character `at`. */
const indentAt = (text: string, at: number): number => /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", at - 1) + 1))![0].length;

/**
 * A sentence that is a heading (its line ends with its colon, "adverse_media:") heads the lines
 * indented under it: the last token of that block, else -1.
 */
function blockEnd(index: TextIndex, s: number): number {
  const { tokens, text } = index;
  const last = tokens[index.sentenceLast[s]!]!;
  const lineEnd = text.indexOf("\n", last.end);
  if (lineEnd < 0 || !/:[ \t]*$/.test(text.slice(last.start, lineEnd))) return -1;
  const own = indentAt(text, last.start);
  let end = lineEnd;
  while (end < text.length) {
    const next = text.indexOf("\n", end + 1);
    const line = text.slice(end + 1, next < 0 ? text.length : next);
    if (line.trim() !== "" && indentAt(text, end + 1) <= own) break;
    end = next < 0 ? text.length : next;
  }
  let to = -1;
  for (let i = index.sentenceLast[s]! + 1; i < tokens.length && tokens[i]!.start < end; i++) to = i;
  return to;
}
