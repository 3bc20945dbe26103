// Many conditions joined by `||` or `&&` (a cell's values, a rule's columns): written flat they
// nest as deep as they are many (`a || b || c` is `(a || b) || c`), and every parser of the code
// (acorn in the check, V8) recurses once per operator: a cell of 50,000 values overflowed the
// check's stack. Past a few they are joined in groups, groups of groups..., so the nesting grows
// with the logarithm of their number; the order of evaluation, and so its result, is unchanged.

/** conditions joined flat: past this many, in groups of this many */
export const GROUP = 32;

export function joined(parts: readonly string[], op: "||" | "&&"): string {
  if (parts.length <= GROUP) return parts.join(` ${op} `);
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += GROUP) groups.push(`(${parts.slice(i, i + GROUP).join(` ${op} `)})`);
  return joined(groups, op);
}
