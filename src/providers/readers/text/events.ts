// What a text tells happened, where that names a kind of loss the words of an option do not: an
// impact ("backed into my car", "slid into a ditch", "a lorry ploughed into the side") is a
// collision, a taking ("stereo and sat-nav taken", "someone sawed the converter off", "my van was
// nicked") is a theft. The English model gives each word's part of speech and lemma
// (text/english.ts); which verbs tell an impact or a taking is ours. The word carries the option's
// concept, inferred, as a journey to work carries commuting (text/tokens.ts).
import { conceptTokens, contentStems, stemMatch } from "../words.js";
import type { Token } from "./tokens.js";

type Happening = "impact" | "taking";

export interface Event {
  /** where the verb starts */
  start: number;
  kind: Happening;
}

/** Verbs of moving or striking that, with "into" after them, tell an impact. */
const MOVING = new Set(
  "back reverse slide skid drive run crash smash slam plough plow swerve veer roll bump go career spin shunt drift".split(" "),
);
/** Verbs that tell an impact with the thing struck as their object ("clipped my mirror", "a van hit me"), or passive ("was hit by"). */
const STRIKING = new Set("hit strike ram shunt clip rear-end sideswipe t-bone".split(" "));
/** Verbs of taking: a thing taken ("stereo taken"), or taken off the car ("sawed the converter off"). */
const TAKING = new Set("steal nick pinch swipe snatch take".split(" "));
/** Verbs of cutting or pulling a part away: a taking with "off" or "out" after their object. */
const REMOVING = new Set("saw cut rip strip prise prize pry wrench".split(" "));
/** How many words may stand between a verb and its particle ("sawed the catalytic converter off"). */
const PARTICLE_REACH = 5;
/** Words after "taken" that say it was no theft: "taken to hospital", "taken out a loan", "taken photos". */
const TAKEN_OTHERWISE = new Set(["to", "out", "up", "into", "over", "place", "photos", "pictures", "care", "ill", "away"]);
/** Words before a verb of taking that make the writer the one who took ("I have taken", "we took"). */
const ACTIVE_BEFORE = new Set(["have", "has", "had", "i", "we", "i've", "we've"]);

/** The events told in a text, from the English model's reading of it. */
export function readEvents(values: string[], pos: string[], lemmas: string[], starts: number[]): Event[] {
  const out: Event[] = [];
  const lower = values.map((v) => v.toLowerCase());
  const endsSentence = (j: number) => pos[j] === "PUNCT" && /[.!?;\n]/.test(values[j]!);
  /** the index of `word` among the next `reach` words of the sentence after i, or -1 */
  const ahead = (i: number, words: ReadonlySet<string>, reach: number) => {
    for (let j = i + 1; j < values.length && j <= i + reach && !endsSentence(j); j++) if (words.has(lower[j]!)) return j;
    return -1;
  };
  for (let i = 0; i < values.length; i++) {
    if (pos[i] !== "VERB") continue;
    const lemma = lemmas[i]!.toLowerCase();
    const next = lower[i + 1];
    const afterAdverb = pos[i + 1] === "ADV" ? lower[i + 2] : next;
    if (MOVING.has(lemma) && (next === "into" || afterAdverb === "into")) out.push({ start: starts[i]!, kind: "impact" });
    else if (STRIKING.has(lemma) && (/^(DET|PRON|NOUN|PROPN)$/.test(pos[i + 1] ?? "") || next === "by"))
      out.push({ start: starts[i]!, kind: "impact" });
    else if (lemma === "break" && next === "into") out.push({ start: starts[i]!, kind: "taking" });
    else if (REMOVING.has(lemma) && ahead(i, new Set(["off", "out"]), PARTICLE_REACH) >= 0) out.push({ start: starts[i]!, kind: "taking" });
    else if (TAKING.has(lemma) && (lemma !== "take" || takenFromOwner(lower, i))) out.push({ start: starts[i]!, kind: "taking" });
  }
  return out;
}

/** "taken" of a thing, as a theft: a past participle no one of the writer's side did, not taken somewhere or otherwise. */
function takenFromOwner(lower: string[], i: number): boolean {
  if (lower[i] !== "taken" && lower[i] !== "took") return false;
  if (TAKEN_OTHERWISE.has(lower[i + 1] ?? "")) return false;
  const before = [lower[i - 1], lower[i - 2]];
  if (before.some((w) => ACTIVE_BEFORE.has(w ?? ""))) return false;
  // "took" tells a theft only with someone else doing it ("they took the wheels")
  return lower[i] === "taken" || /^(someone|somebody|they|thieves|thief)$/.test(lower[i - 1] ?? "");
}

const CONCEPT: Record<Happening, string> = {
  impact: conceptTokens(contentStems("collision"))[0]!,
  taking: conceptTokens(contentStems("theft"))[0]!,
};

/**
 * The verb of each event carries the option's concept, inferred from what is told, unless its word
 * says one already or names the option itself ("stolen", "rammed": a synonym, said outright).
 */
export function markEvents(tokens: Token[], events: Event[]): void {
  if (events.length === 0) return;
  const at = new Map(events.map((e) => [e.start, e.kind]));
  for (const t of tokens) {
    const kind = at.get(t.start);
    if (kind === undefined || t.kind !== "word" || t.concept !== undefined || stemMatch(t.stem, CONCEPT[kind]) > 0) continue;
    t.concept = CONCEPT[kind];
    t.inferred = true;
  }
}
