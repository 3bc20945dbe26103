// A module's JavaScript without its comments, for the runtime's modules a bundle is made from:
// esbuild keeps the doc comments of class members and object properties in a bundle that is not
// minified, which are no part of what the module runs (some 4% of a small model's module). Each
// comment is found by parsing (never one in a string, a template or a regular expression) and
// left out, but for the annotations a bundler shakes by (`@__PURE__`). scripts/build.mjs writes
// the prebuilt runtime (dist/lib) through it; a bundle made from the TypeScript sources reads them
// through it (standalone.ts).
import { parse } from "acorn";

/** Comments a bundler reads: kept. */
const ANNOTATION = /[@#]__(PURE|NO_SIDE_EFFECTS)__/;

/** `js` (an ES module) with each comment but annotations replaced by a space. */
export function withoutComments(js: string): string {
  const cuts: [number, number][] = [];
  parse(js, {
    ecmaVersion: "latest",
    sourceType: "module",
    onComment: (_block, text, start, end) => void (ANNOTATION.test(text) ? undefined : cuts.push([start, end])),
  });
  let kept = "";
  let from = 0;
  for (const [start, end] of cuts) {
    kept += `${js.slice(from, start)} `;
    from = end;
  }
  return kept + js.slice(from);
}
