// FEEL numbers are decimal128-like: 34 significant digits, half-even rounding.
// the named export: under NodeNext the default import of this CommonJS-typed package is the module object
import { Decimal as DecimalJs } from "decimal.js";

export const Decimal = DecimalJs.clone({
  precision: 34,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -1_000_000,
  toExpPos: 1_000_000,
  minE: -6143,
  maxE: 6144,
});
export type Decimal = InstanceType<typeof Decimal>;

export const isDecimal = (v: unknown): v is Decimal => v instanceof Decimal;
export const dec = (v: number | string | Decimal): Decimal => new Decimal(v);
export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);
