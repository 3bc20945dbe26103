// The meaning of a plain-expression unary test (DMN 1.5 10.3.2.9): the input matches when it
// equals the value, is a member of a list value, or lies inside a range value.
import { valueEquals } from "./equality.js";
import { inRange } from "./ranges.js";
import { FeelRange, type FeelValue } from "./values.js";

/** Does the input match one item of a list of tests (an item may itself be a range)? */
function matchesItem(input: FeelValue, item: FeelValue): boolean {
  if (item instanceof FeelRange) return inRange(input, item) === true;
  return valueEquals(input, item) === true;
}

/** `value` is what a cell expression without `?` evaluated to (codegen compiles `?` tests itself). */
export function testValue(input: FeelValue, value: FeelValue): boolean | null {
  if (Array.isArray(value)) {
    if (Array.isArray(input) && valueEquals(input, value) === true) return true;
    return value.some((item) => matchesItem(input, item));
  }
  if (value instanceof FeelRange) return inRange(input, value);
  return valueEquals(input, value);
}
