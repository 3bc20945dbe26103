// Every diagnostic code, once: the stage that reports it, its severity, its message template and
// what it means, one file per stage or family. Sites make diagnostics only through
// `diagnostic(code, params, where)` (../diagnostics.ts), so a code that is not here, or a missing
// parameter, does not compile; docs/diagnostics.md is rendered from this table.
import type { AnyEntry, StageName } from "./entries.js";
import { PARSE } from "./parse.js";
import { NAMES } from "./names.js";
import { TYPES } from "./types.js";
import { GRAPH } from "./graph.js";
import { TABLES } from "./tables.js";
import { QUESTIONS } from "./questions.js";
import { CODEGEN } from "./codegen.js";
import { STATE } from "./state.js";
import { DMN } from "./dmn.js";
import { TCK } from "./tck.js";
import { CASES } from "./cases.js";
import { SQL } from "./sql.js";
import { SUMMARY } from "./summary.js";

export { CHECK_STAGES, STAGES, type AnyEntry, type CheckStageName, type StageName, type TestMismatchParams } from "./entries.js";

export const CATALOGUE = {
  ...PARSE,
  ...NAMES,
  ...TYPES,
  ...GRAPH,
  ...TABLES,
  ...QUESTIONS,
  ...CODEGEN,
  ...STATE,
  ...DMN,
  ...TCK,
  ...CASES,
  ...SQL,
  ...SUMMARY,
};

type Catalogue = typeof CATALOGUE;
export type DiagnosticCode = keyof Catalogue;

/** The entry of a code, for codes only known at run time (diagnostics read back from JSON). */
export const catalogueEntry = (code: string): AnyEntry | undefined =>
  Object.hasOwn(CATALOGUE, code) ? (CATALOGUE[code as DiagnosticCode] as AnyEntry) : undefined;

/** The codes of one stage or family, in catalogue order. */
export const codesOf = (stage: StageName): DiagnosticCode[] =>
  (Object.keys(CATALOGUE) as DiagnosticCode[]).filter((c) => CATALOGUE[c].stage === stage);
