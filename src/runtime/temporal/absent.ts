// What a bundle holds in place of ./index.ts when its model can make no temporal value: no
// temporal input (json.ts reads the model's inputs with fromJsonPlain), no temporal literal and
// no built-in that makes one (codegen names each it calls; 6-package/bundle.ts decides). The rest
// of the runtime reaches temporal code only for a temporal operand, so none of these is ever
// called there; each throws, should one be.
import type * as Temporal from "./index.js";
import type { BuiltinDef } from "../builtins/def.js";

const absent = (): never => {
  throw new Error("this module was bundled without temporal code, for a model that makes no temporal value");
};

export const temporalAdd: typeof Temporal.temporalAdd = absent;
export const temporalSub: typeof Temporal.temporalSub = absent;
export const temporalMul: typeof Temporal.temporalMul = absent;
export const temporalDiv: typeof Temporal.temporalDiv = absent;
export const temporalNeg: typeof Temporal.temporalNeg = absent;
export const temporalAbs: typeof Temporal.temporalAbs = absent;
export const temporalCompare: typeof Temporal.temporalCompare = absent;
export const temporalEquals: typeof Temporal.temporalEquals = absent;
export const temporalProperty: typeof Temporal.temporalProperty = absent;
export const temporalToString: typeof Temporal.temporalToString = absent;
export const parseTemporal: typeof Temporal.parseTemporal = absent;
export const temporalFromJson: typeof Temporal.temporalFromJson = absent;
export const setClock: typeof Temporal.setClock = absent;
export const dateRange: typeof Temporal.dateRange = absent;
export const temporalBuiltins: BuiltinDef[] = [];
export { isTemporal } from "./is-temporal.js";
