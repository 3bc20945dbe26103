// Many `const`s in one body, written as nested blocks of a bounded number each. A parser's scope
// check costs each declaration time linear in the declarations before it in the same scope (acorn
// searches a list), so a context literal of 30,000 entries, one `const` each, took minutes to verify;
// in blocks of DECLARATIONS_PER_BLOCK the cost per declaration is bounded, and each inner block
// still sees every declaration before it.

const DECLARATIONS_PER_BLOCK = 256;

/** `lines` (declarations in order, each seeing the ones before it) followed by `tail` (a statement), as one body. */
export function declarationBlocks(lines: readonly string[], tail: string): string {
  let body = tail;
  const last = Math.max(0, Math.ceil(lines.length / DECLARATIONS_PER_BLOCK) - 1);
  for (let b = last; b >= 0; b--) {
    const chunk = lines.slice(b * DECLARATIONS_PER_BLOCK, (b + 1) * DECLARATIONS_PER_BLOCK).join(" ");
    body = b === 0 ? `${chunk} ${body}` : `{ ${chunk} ${body} }`;
  }
  return body;
}
