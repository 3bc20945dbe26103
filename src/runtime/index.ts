// The FEEL runtime: everything generated code calls. Keep this surface stable; codegen relies
// on these names.
export * from "./values.js";
export * from "./decimal.js";
export * from "./problems.js";
export * from "./budget.js";
export { isTemporal, parseTemporal } from "./temporal/index.js";

export { num, nums, decimals, temporalLiteral, context, contextOf } from "./literals.js";
export { range, inRange, between } from "./ranges.js";
export { fn, call, callNamed, positional } from "./functions.js";
export { add, sub, mul, div, pow, neg } from "./arithmetic.js";
export { eq, ne, valueEquals } from "./equality.js";
export { lt, le, gt, ge, compareValues } from "./compare.js";
export { and, or, not, isTrue } from "./logic.js";
export { testValue } from "./unary-tests.js";
export { member, field, filter, filterItems, filterNone, filterOther, iter, iterPasses, iterRange, resultsSoFar } from "./access.js";
export {
  projected,
  rawArray,
  plainArray,
  rawCount,
  rawDouble,
  rawField,
  rawItemValue,
  rawPosition,
  rawProject,
  rawAggregate,
  keptSum,
  unread,
} from "./raw-items.js";
export { builtin } from "./builtins/index.js";
export { externalFunction } from "./java/index.js";
export { conforms, instanceOf, coerce } from "./types.js";
export { declared, DeclaredResultError } from "./declared.js";
export {
  constant,
  fromJson,
  fromJsonPlain,
  itemConverter,
  itemConverterPlain,
  numberToJson,
  own,
  toJson,
  toJsonAs,
  jsonConverter,
  listJson,
  mirrorForJson,
  fieldsForJson,
  type ToJsonOptions,
} from "./json.js";
export { toFeelString } from "./format.js";
