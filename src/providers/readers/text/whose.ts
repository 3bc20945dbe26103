// Whose value a statement gives. A writer who says their own age beside the person the input is
// about ("I'm 52 but he'll be the main driver, Jake, he's 19") gives another party's value: the
// input's role (driver, applicant) is said of someone else, so the writer's "I'm 52" is not it;
// so is the role said by its verb in the passive ("the car will be driven mainly by my daughter").
import type { InputIR } from "../../../ir/ir.js";
import { stem } from "../words.js";
import type { TextIndex } from "./text-index.js";
import type { Token } from "./tokens.js";

/** Roles an input may name the person of ("driver age", "applicant income"), as stems. */
const ROLES = new Set(
  "driver applicant borrower policyholder insured claimant customer client tenant owner member".split(" ").map((w) => stem(w)),
);
/** Words that put the clause after them on a third person: "he'll be the main driver", "his car". */
const THIRD_PERSON = /^(he|she|they|him|her|his|their|them)(['’](ll|s|d|re))?$/;
/** People the writer may name as the role's ("the main driver will be my son"). */
const RELATIVES = new Set(
  "son daughter husband wife partner spouse boy girl lad child kid father mother dad mum mom brother sister".split(" "),
);
/** The role said by its verb, in the passive: "the car will be driven mainly by my daughter". */
const ROLE_VERBS: Record<string, string> = { [stem("driver")]: "driven" };
/** How many tokens after "by" the person may stand ("driven mainly by my daughter Chloe"). */
const AGENT_REACH = 3;

/** Whether tokens from i say the role's verb in the passive of a third person: "driven (mainly) by my daughter", "driven by him". */
function passiveOfAnother(tokens: Token[], i: number, verb: string): boolean {
  if (tokens[i]!.lower !== verb) return false;
  for (let k = i + 1; k < tokens.length && k - i <= AGENT_REACH && tokens[k]!.clause === tokens[i]!.clause; k++) {
    if (tokens[k]!.lower !== "by") continue;
    for (let j = k + 1; j < tokens.length && j - k <= AGENT_REACH && tokens[j]!.clause === tokens[k]!.clause; j++) {
      // "by me" is the writer; "by my daughter" is the daughter
      if (/^(i|me|myself)$/.test(tokens[j]!.lower)) return false;
      if (THIRD_PERSON.test(tokens[j]!.lower) || RELATIVES.has(tokens[j]!.lower)) return true;
    }
    return false;
  }
  return false;
}

/** Words that say the clause is of the writer ("I'm 52", "I am 52"). */
const FIRST_PERSON = /^(i|i['’](m|ll|d|ve)|me|my|myself)$/;
/** How many tokens before the role word a third person may stand ("she will be the only driver"). */
const ROLE_REACH = 6;

/** Per text, per input: whether the input's role is said of a third person somewhere. */
const ROLE_ELSEWHERE = new WeakMap<TextIndex, Map<string, boolean>>();

function roleOfAnother(index: TextIndex, input: InputIR): boolean {
  let known = ROLE_ELSEWHERE.get(index);
  if (!known) ROLE_ELSEWHERE.set(index, (known = new Map()));
  const seen = known.get(input.name);
  if (seen !== undefined) return seen;
  const roles = new Set(
    input.name
      .toLowerCase()
      .split(/[^a-z]+/)
      .map((w) => stem(w))
      .filter((s) => ROLES.has(s)),
  );
  const { tokens } = index;
  let found = false;
  const verbs = [...roles].flatMap((r) => (Object.hasOwn(ROLE_VERBS, r) ? [ROLE_VERBS[r]!] : []));
  for (let i = 0; i < tokens.length && !found && roles.size > 0; i++) {
    index.meter.steps++;
    if (verbs.some((v) => passiveOfAnother(tokens, i, v))) found = true;
    if (!roles.has(tokens[i]!.stem)) continue;
    // "she'll be the named driver", or after it: "the main driver will be him", "… will be my son"
    let writer = false;
    for (let k = i - 1; k >= 0 && i - k <= ROLE_REACH && tokens[k]!.clause === tokens[i]!.clause && !found && !writer; k--) {
      writer = FIRST_PERSON.test(tokens[k]!.lower);
      found = !writer && THIRD_PERSON.test(tokens[k]!.lower);
    }
    // "I'm the main driver, my husband is 50": the role is the writer's
    if (writer) continue;
    for (let k = i + 1; k < tokens.length && k - i <= ROLE_REACH && tokens[k]!.sentence === tokens[i]!.sentence && !found; k++) {
      if (/^(i|me)$/.test(tokens[k]!.lower)) break;
      if (THIRD_PERSON.test(tokens[k]!.lower) || RELATIVES.has(tokens[k]!.lower)) found = true;
    }
  }
  known.set(input.name, found);
  return found;
}

/** The writer's own age or value ("I'm 52", "I am 52"): the word or two before the amount at i. */
const saidOfWriter = (tokens: Token[], i: number): boolean =>
  FIRST_PERSON.test(tokens[i - 1]?.lower ?? "") || (tokens[i - 1]?.lower === "am" && tokens[i - 2]?.lower === "i");

/** The amount at i is the writer's, while the input's role is someone else's. */
export const writersNotTheRole = (index: TextIndex, input: InputIR, i: number): boolean =>
  saidOfWriter(index.tokens, i) && roleOfAnother(index, input);
