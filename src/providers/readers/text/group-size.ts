// How many people a writer's group is, said without the word "people": "there are four of us at
// home", "we're a family of four", "a household of 3", "somos três" (Portuguese and Spanish "we are
// three"), or a label of a roster's people a count answers ("Members: 2 (Ada, Ben)", "Occupants - 4"
// at a line's start). The word that stands for the group ("us", "family", "somos", "Members") is
// marked as saying "people", so the count reads for an input that asks how many people. One pass
// over the tokens.
import { stem } from "../words.js";
import type { Token } from "./tokens.js";

const PEOPLE = stem("people");
/** Nouns of a group of people a count follows: "a family of four". */
const GROUPS = new Set(["family", "household", "party", "group"]);
/** "we are" in the languages of evidence that say a group's size so: "somos três", "somos tres". */
const WE_ARE = new Set(["somos"]);

/** Labels of a roster's people a count answers, first on their line ("Members: 2"). */
const ROSTER_LABELS = new Set(["members", "occupants", "residents", "persons"]);

/** Words after a roster's count that keep it the whole roster's ("Members: 3 people"). */
const WHOLE_AFTER = new Set(["people", "persons", "in", "total", "incl", "including"]);

/** A whole count small enough to be a group of people, with no currency, percent or period. */
const headcount = (t: Token | undefined): boolean => {
  const a = t?.amount;
  return a !== undefined && !a.currency && !a.percent && !a.period && Number.isInteger(a.value) && a.value >= 1 && a.value <= 30;
};

/** Marks the words that say a count is of the writer's group of people. */
export function markGroupCounts(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    if (!headcount(t)) return;
    const [of, us] = [tokens[i + 1], tokens[i + 2]];
    // "four of us"
    if (of?.lower === "of" && us?.lower === "us" && us.sentence === t.sentence) us.concept = PEOPLE;
    const [before, group] = [tokens[i - 1], tokens[i - 2]];
    // "a family of four"
    if (before?.lower === "of" && group && GROUPS.has(group.lower) && group.sentence === t.sentence) group.concept = PEOPLE;
    // "somos três": the verb says who
    if (before && WE_ARE.has(before.lower) && before.sentence === t.sentence) before.concept = PEOPLE;
    // "Members: 2": a roster's label first on its line, a colon or dash between
    let k = i - 1;
    while (tokens[k]?.kind === "punct" && /^[:\-–—]$/.test(tokens[k]!.text) && tokens[k]!.sentence === t.sentence) k--;
    const label = tokens[k];
    const first = label && tokens[k - 1]?.sentence !== label.sentence;
    // and the count all of them, not of some ("Members: 2 adults, 1 child")
    const whole = of === undefined || of.sentence !== t.sentence || of.kind !== "word" || WHOLE_AFTER.has(of.lower);
    if (label && first && whole && ROSTER_LABELS.has(label.lower) && label.sentence === t.sentence) label.concept = PEOPLE;
  });
}
