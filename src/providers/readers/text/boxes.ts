// A form's boxes, ticked or left empty, in the marks people and PDF tools write them: "[x]",
// "[X]", "[✓]", "(X)", "☒", "☑", "✅", a bare "✔" or "✓" (ticked); "[ ]", "[]", "( )", "☐", "□"
// (empty). A yes/no is answered by the box ticked before its word ("[ ] Yes [x] No", "☐ Yes ☒
// No") or after it ("Yes [x]", when no box stands before a word); boxes ticked beside both, or
// beside neither, answer nothing. Read the same in a text and in a JSON value ("Tax exempt?":
// "[ ] yes  [x] no").

/** A ticked box, as a pattern's source (no groups). */
const TICKED_MARK = String.raw`(?:\[\s*[xX✓✔✗]\s*\]|\(\s*[xX✓✔]\s*\)|[☒☑✅✔✓])`;
/** An empty box, as a pattern's source (no groups). */
const EMPTY_MARK = String.raw`(?:\[\s*\]|\(\s\)|[☐□])`;

const TICKED_BEFORE = new RegExp(`${TICKED_MARK}\\s*$`, "u");
const EMPTY_BEFORE = new RegExp(`${EMPTY_MARK}\\s*$`, "u");
const BOXED_ANSWER = new RegExp(`(${TICKED_MARK}|${EMPTY_MARK})\\s*(yes|no|y|n)\\b(?!/)`, "giu");
const ANSWER_BOXED = new RegExp(`\\b(yes|no)\\s*(${TICKED_MARK}|${EMPTY_MARK})`, "giu");
const IS_TICKED = new RegExp(`^${TICKED_MARK}$`, "u");

/** How far after a question's words its boxes may stand on their line. */
const BOX_REACH = 60;

/** What the boxes on the rest of the line after `end` answer (as `boxedAnswers`). */
export const boxesAfter = (text: string, end: number): boolean | null | undefined =>
  boxedAnswers(text.slice(end, end + BOX_REACH).split("\n")[0]!);

/** The box that ends `before` (the text up to a word): ticked or empty, and where it starts in `before`; or none. */
export function boxEnding(before: string): { ticked: boolean; at: number } | undefined {
  const t = TICKED_BEFORE.exec(before);
  if (t) return { ticked: true, at: t.index };
  const e = EMPTY_BEFORE.exec(before);
  return e ? { ticked: false, at: e.index } : undefined;
}

/** The box that ends `before` (the text up to a word): ticked (true), empty (false), or none. */
export const boxBefore = (before: string): boolean | undefined => boxEnding(before)?.ticked;

/**
 * What the boxes beside "yes" and "no" in `s` answer: the word of the one ticked box; undefined
 * when no such box stands there, when none is ticked, or when both are.
 */
export function ticked(s: string): boolean | undefined {
  const answers = boxedAnswers(s);
  return answers === null ? undefined : answers;
}

/**
 * Like `ticked`, but telling apart boxes that answer nothing (null: none ticked, or both) from no
 * boxes at all (undefined): a form whose boxes are all left empty states no answer in words either.
 */
function boxedAnswers(s: string): boolean | null | undefined {
  let marks = [...s.matchAll(BOXED_ANSWER)].map((m) => ({ ticked: IS_TICKED.test(m[1]!), yes: /^y/i.test(m[2]!) }));
  if (marks.length === 0) marks = [...s.matchAll(ANSWER_BOXED)].map((m) => ({ ticked: IS_TICKED.test(m[2]!), yes: /^y/i.test(m[1]!) }));
  if (marks.length === 0) return undefined;
  const said = new Set(marks.filter((m) => m.ticked).map((m) => m.yes));
  return said.size === 1 ? [...said][0]! : null;
}
