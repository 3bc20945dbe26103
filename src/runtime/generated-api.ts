// Everything generated code may reach through `rt`: the FEEL runtime plus table support.
export * from "./index.js";
export { anyTrue, branch, entryOr, hasEntry, hit, rankCompare, rankInRange } from "./tables.js";
export { entryPoints, traceEntry } from "./entry.js";
export {
  cell2,
  cell3,
  allOf,
  bucketRegion,
  buckets,
  denseCells,
  f64,
  firstOf,
  firstRules,
  jsonOutputs,
  mergeRules,
  plannedColumn,
  region,
  regions,
  tableIndex,
} from "./table-index.js";
export { answersFor } from "./answers.js";
export { epochDay } from "./temporal/epoch-day.js";
export {
  certAdd,
  certCount,
  certDiv,
  certifiedError,
  certItem,
  certLength,
  certMul,
  certNone,
  certNth,
  certPasses,
  certPow,
  certPowerMemo,
  certRead,
  certRound,
  certSub,
  certSum,
} from "./certified.js";
export { runningTotals, sumOfPrefix } from "./prefix-sums.js";
export { roundPlaces, roundQuotient } from "./builtins/number.js";
export { countOf } from "./builtins/direct.js";
export {
  explainAt,
  explainCall,
  explainDecision,
  explainDefault,
  explainIf,
  explainInput,
  explainLet,
  explainRule,
  explainTable,
  explainValue,
} from "./explain.js";
