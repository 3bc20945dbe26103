// What every lowering function is handed: the dialect's table, the layers being built, and where
// in the model it is (for `sql.unsupported`).
import type { Span } from "../../ir/diagnostics.js";
import type { Dialect } from "./dialects.js";
import type { Layers } from "./layers.js";
import { SqlUnsupported, type SqlPlace } from "./values.js";

export interface SqlContext {
  dialect: Dialect;
  layers: Layers;
  place: SqlPlace;
  /**
   * The obvious translation instead: the dialect's `round` (halves away from zero), a quotient in
   * the dialect's own division, SQL's `=` and `<>`. Never exact; the tests' control run only,
   * to show that they catch it.
   */
  naive?: boolean;
}

/** The refusal: the dialect cannot give FEEL's exact answer for this part of the model. */
export const unsupported = (cx: SqlContext, what: string, span?: Span): SqlUnsupported =>
  new SqlUnsupported(what, span ? { ...cx.place, span } : cx.place);
