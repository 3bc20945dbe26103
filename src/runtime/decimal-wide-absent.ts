// What a bundle holds in place of decimal-wide-form.ts when its model makes no quotient, and in
// place of decimal-wide-sqrt.ts when it takes no square root (6-package/bundle.ts decides): no
// value is made wide, and every operation answers null, which sends decimal.ts to the exact
// form's route to the same correctly rounded result. Answers are the same; only the work differs.
import type * as Form from "./decimal-wide-form.js";

const none = (): null => null;

/** no power is taken in limbs */
export const WIDE_POWER_MAX = 0;
export const wideOfScaled: (m: number, k: number) => Form.Wide | null = none;
export const roundWide: typeof Form.roundWide = none;
export const wideAdd: typeof Form.wideAdd = none;
/** (compares only two wide values, of which there are none here) */
export const wideCompareMagnitude: typeof Form.wideCompareMagnitude = (): never => {
  throw new Error("this module was bundled without the wide decimal form, which its model's code does not reach");
};
export const wideDiv: typeof Form.wideDiv = none;
export const wideQuotient: typeof Form.wideQuotient = none;
export const wideRemainder: typeof Form.wideRemainder = none;
export const widePower: typeof Form.widePower = none;
export const wideTimes: typeof Form.wideTimes = none;
export const wideSqrt: typeof Form.wideSqrt = none;
export const scaledSqrt: typeof Form.scaledSqrt = none;
