// The SQL codes of the diagnostic catalogue: what `pdm compile --sql` and `pdm check --sql` report.
import { entry, inStage } from "./entries.js";

export const SQL = inStage("sql", {
  "sql.unsupported": entry({
    severity: "error",
    message: (p: { what: string; dialect: string }) => `${p.dialect} cannot give FEEL's exact answer here: ${p.what}`,
    example: { what: "a quotient not rounded to literal places", dialect: "DuckDB" },
    explain:
      "The SQL backend writes a query only where the dialect gives exactly what the compiled module gives; this part of the model " +
      "it cannot (yet) write so, and it never writes an approximate query. Score the model with the JS engine, or rewrite the " +
      "expression (a quotient rounded with `decimal(a / b, 2)`, a literal exponent); docs/sql.md lists what is lowered.",
  }),
});
