// The parts of a certified loop's body that are the same in every pass (`1 + r` in
// `l[i] / (1 + r) ** i`, the whole of `-sqrt(abs(12 + age))` in `for o in orders return ...`):
// the certified code (certified-code.ts, certified-dd-code.ts) works them out once before the
// loop. Their steps are arithmetic on doubles, without effects or budget steps, so working one
// out where the loop makes no pass changes nothing but the time.
import type { Expr } from "../../ir/feel-ast.js";
import { walk } from "../3-optimise/walk.js";

/** Whether e reads the loop variable `name` (or holds a loop of its own, left where it is). */
function readsVariable(e: Expr, name: string): boolean {
  let found = false;
  walk(e, (n) => (found ||= (n.kind === "name" && n.name === name && n.ref?.kind === "local") || n.kind === "for"));
  return found;
}

/**
 * The largest parts of `body` that do not read the loop variable `name`, searched through the
 * values `piecesOf` opens (the code's steps of numbers; undefined for any other node, which is
 * read or worked out where it stands).
 */
export function fixedParts(body: Expr, name: string, piecesOf: (e: Expr) => readonly Expr[] | undefined): Expr[] {
  const pieces = piecesOf(body);
  if (!pieces) return [];
  if (!readsVariable(body, name)) return [body];
  return pieces.flatMap((p) => fixedParts(p, name, piecesOf));
}
