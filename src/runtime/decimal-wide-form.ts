// The wide form as decimal.ts uses it (decimal-wide.ts, its arithmetic and its square root), in
// one module so that a bundle can hold decimal-wide-absent.ts in its place: a model whose code
// makes no quotient makes no wide value (6-package/bundle.ts decides), and decimal.ts then takes
// the exact form's route to the same correctly rounded result.
export { type Wide, roundWide, wideOfScaled } from "./decimal-wide.js";
export {
  WIDE_POWER_MAX,
  wideAdd,
  wideCompareMagnitude,
  wideDiv,
  wideQuotient,
  wideRemainder,
  widePower,
  wideTimes,
} from "./decimal-wide-arithmetic.js";
export { scaledSqrt, wideSqrt } from "./decimal-wide-sqrt.js";
