// What a bundle holds in place of decimal-functions.ts and decimal-limbs.ts when its model takes no
// power, root, exponential or logarithm, and of decimal-sqrt.ts when it takes no square root
// (6-package/bundle.ts decides): the rest
// of the runtime reaches them only through those, so none of these is ever called there; each
// throws, should one be.
import type * as Functions from "./decimal-functions.js";
import type * as Sqrt from "./decimal-sqrt.js";
import type * as Limbs from "./decimal-limbs.js";

const absent = (): never => {
  throw new Error("this module was bundled without decimal powers and roots, which its model's code does not reach");
};

export const sqrt: typeof Sqrt.sqrt = absent;
export const exp: typeof Functions.exp = absent;
export const ln: typeof Functions.ln = absent;
export const power: typeof Functions.power = absent;
/** no power is taken in limbs */
export const LIMB_POWER_MAX = 0;
export const limbPower: typeof Limbs.limbPower = absent;
export const limbPowerOfWide: typeof Limbs.limbPowerOfWide = absent;
export const limbPowerOfBig: typeof Limbs.limbPowerOfBig = absent;
