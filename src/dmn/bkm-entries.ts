// dmn-scala puts the entries of the context a parameterless BKM returns in the scope of the
// decisions that require it (`incr(4)` for an entry `incr` of BKM `Lib`); DMN gives a decision only
// the BKM itself, a function (`Lib().incr(4)`). Finding the BKM lets the import say so.
import type { ImportContext } from "./context.js";
import type { Definitions } from "./definitions.js";
import { child, childrenNamed } from "./xml.js";

/** The name of a BKM without parameters whose logic is a context with an entry called `name`, if any. */
export function contextEntryOwner(defs: Definitions, name: string, ctx: ImportContext): string | undefined {
  for (const bkm of childrenNamed(defs.root, "businessKnowledgeModel")) {
    const logic = child(bkm, "encapsulatedLogic");
    const body = logic && childrenNamed(logic, "formalParameter").length === 0 ? child(logic, "context") : undefined;
    const entries = body ? childrenNamed(body, "contextEntry") : [];
    if (entries.some((e) => child(e, "variable")?.attrs.name === name)) return ctx.names?.get(bkm) ?? bkm.attrs.name;
  }
  return undefined;
}
