// Type names in FEEL type expressions (`x instance of Person`, `function(p: Person) ...`) must
// be built-in FEEL types or keys of the model's `types`.
import { diagnostic } from "../../../ir/diagnostics.js";
import type { TypeExpr } from "../../../ir/feel-ast.js";
import { builtInType, FEEL_TYPE_NAMES } from "../../../ir/type-expr.js";
import { at, type ExprContext } from "./context.js";
import { didYouMean } from "../../1-parse/suggest.js";

export function checkTypeExpr(te: TypeExpr, ctx: ExprContext): void {
  switch (te.kind) {
    case "named": {
      const known =
        builtInType(te.name) !== undefined ||
        Object.hasOwn(ctx.types, te.name) ||
        Object.hasOwn(ctx.types, te.name.replace(/^[^.]+\./, ""));
      if (!known)
        ctx.sink.push(
          diagnostic(
            "types.unknown",
            { name: te.name, didYouMean: didYouMean(te.name, [...FEEL_TYPE_NAMES, ...Object.keys(ctx.types)]) },
            at(ctx, te.span),
          ),
        );
      return;
    }
    case "list":
    case "range":
      return checkTypeExpr(te.element, ctx);
    case "context":
      for (const f of te.fields) checkTypeExpr(f.type, ctx);
      return;
    case "function":
      for (const p of te.params) checkTypeExpr(p, ctx);
      return checkTypeExpr(te.result, ctx);
  }
}
