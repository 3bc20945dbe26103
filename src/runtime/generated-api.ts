// Everything generated code may reach through `rt`: the FEEL runtime plus table support.
export * from "./index.js";
export { anyTrue, branch, entryOr, hit, rankCompare, rankInRange } from "./tables.js";
export { entryPoints, traceEntry } from "./entry.js";
export {
  cell2,
  cell3,
  denseCells,
  f64,
  firstRule1,
  firstRule2,
  firstRule3,
  firstRuleN,
  i32,
  jsonOutputs,
  region,
  regions,
  stepRegion,
} from "./table-index.js";
export { answersFor } from "./answers.js";
export { roundPlaces, roundQuotient } from "./builtins/number.js";
