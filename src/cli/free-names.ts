// The names a model reads and does not declare, as the lenient check finds them: what the DMN
// import declares as Camunda's implicit inputs (`importDmn`'s `freeNames`). A name that is called
// (`myFunction()`, an engine's custom function) is no variable: it is marked `called`, and the
// import reports it instead of declaring it.
import { checkModel } from "../compiler/index.js";
import type { FreeName } from "../dmn/index.js";
import { hasCode } from "../ir/diagnostics.js";

export function freeNames(content: Record<string, unknown>): FreeName[] {
  const check = checkModel(content, { strict: false });
  return check.stages
    .flatMap((s) => s.diagnostics)
    .filter((d) => hasCode(d, "names.unknown") && d.message.startsWith("unknown name") && d.span && d.source && d.address)
    .map((d) => ({
      name: d.source!.slice(d.span!.start, d.span!.end),
      address: d.address!,
      called: /^\s*\(/.test(d.source!.slice(d.span!.end)),
    }));
}
