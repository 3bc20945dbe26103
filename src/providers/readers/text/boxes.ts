// A form's yes/no answered by ticking a box: "[ ] Yes [x] No" (the box before its word) or
// "Yes [x]" (after it, when no box stands before a word). Read the same in a text and in a JSON
// value ("Tax exempt?": "[ ] yes  [x] no").

/** The answer a form's ticked box gives, if one is ticked. */
export function ticked(s: string): boolean | undefined {
  const before = /\[\s*[xX✓✔]\s*\]\s*(yes|no)\b/i.exec(s);
  if (before) return before[1]!.toLowerCase() === "yes";
  if (/\[\s*\]\s*(yes|no)\b/i.test(s)) return undefined;
  const after = /\b(yes|no)\s*\[\s*[xX✓✔]\s*\]/i.exec(s);
  return after ? after[1]!.toLowerCase() === "yes" : undefined;
}
