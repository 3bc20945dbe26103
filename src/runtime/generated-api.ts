// Everything generated code may reach through `rt`: the FEEL runtime plus table support.
export * from "./index.js";
export { aggregator, anyTrue, branch, entryOr, hasEntry, hit, rankCompare, rankInRange } from "./tables.js";
export {
  anyHit,
  atBits,
  atPositions,
  bestAt,
  bestBit,
  bestRanked,
  bestRankedRow,
  outputRanks,
  rankOrder,
  rankOrderRows,
  uniqueHit,
} from "./hit-direct.js";
export { bitsCount, bitsExtreme, bitsSum, positionsCount, positionsExtreme, positionsSum } from "./output-sums.js";
export { entryPoints, traceEntry } from "./entry.js";
export {
  cell2,
  cell3,
  allOf,
  bitPositions,
  bucketRegion,
  buckets,
  denseCells,
  f64,
  firstBit,
  firstOf,
  firstRules,
  jsonOutputs,
  maskOf,
  mergeRules,
  plannedColumn,
  region,
  regions,
  tableIndex,
} from "./table-index.js";
export { ascending, ints } from "./int-codec.js";
export { everyRule, explainAtRule, explainRules, firstRule, ruleCells } from "./table-rules.js";
export { answersFor } from "./answers.js";
export { columnDouble, nearestDouble, numberSet } from "./column-double.js";
// the built-ins by group: generated code names the group of each it calls (builtins/index.ts)
export { builtinOf } from "./builtins/made.js";
export { aggregateBuiltins } from "./builtins/aggregate.js";
export { booleanBuiltins } from "./builtins/boolean.js";
export { contextBuiltins } from "./builtins/context.js";
export { conversionBuiltins } from "./builtins/conversion.js";
export { listBuiltins } from "./builtins/list.js";
export { numberBuiltins } from "./builtins/number.js";
export { rangeBuiltins } from "./builtins/range.js";
export { regexBuiltins } from "./builtins/regex.js";
export { stringBuiltins } from "./builtins/string.js";
export { temporalBuiltins } from "./temporal/builtins.js";
export { dateDay, epochDay } from "./temporal/epoch-day.js";
export {
  certAbs,
  certAdd,
  certCount,
  certExtreme,
  certIf,
  certAnd,
  certOr,
  certNot,
  certDecide,
  certMember,
  certSqrt,
  certRounded,
  certModulo,
  certTest,
  certTruth,
  certWhole,
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
  certReadEntry,
  certRound,
  certCompare,
  certSub,
  certSum,
} from "./certified.js";
export {
  ddAbs,
  ddAdd,
  ddAnswer,
  ddColumn,
  ddColumnAnswer,
  ddDiv,
  ddExtreme,
  ddGiveBack,
  ddModulo,
  ddMul,
  ddNearest,
  ddOrder,
  ddPasses,
  ddSum,
  ddCount,
  ddExtremeOf,
  ddTest,
  ddIf,
  ddRead,
  ddReadInput,
  ddRounded,
  ddSameString,
  ddSqrt,
  ddState,
  ddSub,
  ddTruth,
} from "./certified-dd.js";
export { certItemOf, certReadField, certReadItem, ddFieldAggregate, ddRawList, ddReadField, ddReadItem } from "./certified-items.js";
export {
  scAbs,
  scAdd,
  scAnswer,
  scDecimal,
  scExtreme,
  scModulo,
  scMul,
  scFlag,
  scRead,
  scRound,
  scState,
  scSub,
  scTest,
} from "./certified-scaled.js";
export { runningTotals, sumOfPrefix } from "./prefix-sums.js";
export { roundPlaces, roundQuotient } from "./builtins/number.js";
export { countOf } from "./builtins/list.js";
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
