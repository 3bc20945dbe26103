// How many people a household is, told by naming them: "it's me, my wife and our two kids" (four),
// "HH: appl + spouse + 3 children" (five), "me, my partner Sam and my dad" (three). A list that starts
// with the writer (or the applicant a note is about) and goes on with relations, one person each or
// a number of them, joined by commas, "and", "+" or "&": the count is one for the writer and one for
// each relation, or the number a relation in the plural is counted by. A relation in the plural
// without a number ("my kids") is a count the text does not give: no answer. An input that asks how
// many people, and that no count in the text answers, is that count. One pass over the text.
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import { withinBounds } from "../coerce.js";
import { numberWord } from "../numbers.js";
import { contentStems, stem } from "../words.js";

/** Who heads the list: the writer, or the applicant a caseworker's note is about. */
const HEAD = ["me", "myself", "i", "self", "applicant", "appl", "client"];
/** Relations counted one each, and in the plural by a number before them. */
const ONE = [
  "wife",
  "husband",
  "spouse",
  "partner",
  "son",
  "daughter",
  "child",
  "kid",
  "baby",
  "mother",
  "father",
  "mum",
  "mom",
  "dad",
  "grandmother",
  "grandfather",
  "grandma",
  "grandpa",
  "brother",
  "sister",
  "stepson",
  "stepdaughter",
  "niece",
  "nephew",
  "aunt",
  "uncle",
  "cousin",
  "mother-in-law",
  "father-in-law",
  "boyfriend",
  "girlfriend",
];
const MANY = ["sons", "daughters", "children", "kids", "babies", "brothers", "sisters", "grandchildren", "twins", "parents"];

/** Words as a pattern, each with its first letter in either case (the names after them keep theirs). */
const words = (list: string[]): string => list.map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1).replace(/-/g, "[- ]")}`).join("|");
/** How many of a relation in the plural there are: digits or a number word. */
const NUMBERS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const COUNT = `(\\d{1,2}|${words(NUMBERS)})`;
/** A relation's item: "my wife", "our two kids", "their 3 children (ages 4, 7, 11)", "my dad who lives with us". */
const ITEM =
  `(?<![\\p{L}\\d])(?:(?:${words(["my", "our", "his", "her", "their", "the"])})\\s+)?(?:${COUNT}\\s+)?(?:(?:younger|older|little|elder|step|grown|adult|teenage)\\s+)?` +
  `(${words(MANY)}|${words(ONE)})(?![\\p{L}])(?:\\s+\\p{Lu}[\\p{Ll}'’-]+)?(?:\\s*\\([^)\\n]{0,40}\\))?`;
const JOIN = "\\s*(?:,\\s*(?:and\\s+)?|\\+|&|\\band\\b)\\s*";
/** The whole list: its head, then one or more relations. */
const LIST = new RegExp(`(?<![\\p{L}\\d])(?:${words(HEAD)})${JOIN}${ITEM}(?:${JOIN}${ITEM})*(?![\\p{L}\\d])`, "gu");
const ITEM_RE = new RegExp(ITEM, "gu");
const MANY_SET = new Set(MANY);

/** An enumeration's count is read, not stated: below a stated count. */
const ENUMERATED = 0.75;

const PEOPLE = stem("people");
const asksPeople = (input: InputIR): boolean =>
  input.type.kind === "number" && contentStems(`${input.name} ${input.desc ?? ""}`).includes(PEOPLE);

/** The number of people the list at `list` names, the head included; undefined where a plural is not counted. */
function countOf(list: string): number | undefined {
  let count = 1;
  for (const m of list.matchAll(ITEM_RE)) {
    const relation = m[2]!.toLowerCase();
    const by = m[1] === undefined ? undefined : /^\d/.test(m[1]) ? Number(m[1]) : numberWord(m[1]);
    if (m[1] !== undefined && by === undefined) return undefined;
    if (MANY_SET.has(relation) && by === undefined) return undefined;
    count += by ?? 1;
  }
  return count;
}

/** For each input that asks how many people, the count of the first list of the household's members. */
export function membersCounted(inputs: InputIR[], text: string): Record<string, ReadValue> {
  const out: Record<string, ReadValue> = {};
  const asking = inputs.filter(asksPeople);
  if (asking.length === 0) return out;
  for (const m of text.matchAll(LIST)) {
    const count = countOf(m[0].slice(m[0].search(/[+&,]|\band\b/)));
    if (count === undefined || count < 2) continue;
    for (const input of asking)
      if (withinBounds(input.type, count))
        out[input.name] = {
          value: count,
          confidence: ENUMERATED,
          source: { span: { start: m.index, end: m.index + m[0].length }, text: m[0] },
        };
    return out;
  }
  return out;
}
