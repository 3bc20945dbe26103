// The nine rounding modes of decimal.js (same numbers, so `Decimal.ROUND_*` agree everywhere) and,
// per mode, whether a value cut between two neighbours moves away from zero. Shared by the exact
// scaled-integer path of decimal.ts and by the double-precision stand-in.

export const MODES = {
  ROUND_UP: 0,
  ROUND_DOWN: 1,
  ROUND_CEIL: 2,
  ROUND_FLOOR: 3,
  ROUND_HALF_UP: 4,
  ROUND_HALF_DOWN: 5,
  ROUND_HALF_EVEN: 6,
  ROUND_HALF_CEIL: 7,
  ROUND_HALF_FLOOR: 8,
} as const;

export type Rounding = (typeof MODES)[keyof typeof MODES];

/** The modes as statics (`Decimal.ROUND_HALF_EVEN`), for both Decimal classes to extend. */
export class RoundingModes {
  static readonly ROUND_UP = MODES.ROUND_UP;
  static readonly ROUND_DOWN = MODES.ROUND_DOWN;
  static readonly ROUND_CEIL = MODES.ROUND_CEIL;
  static readonly ROUND_FLOOR = MODES.ROUND_FLOOR;
  static readonly ROUND_HALF_UP = MODES.ROUND_HALF_UP;
  static readonly ROUND_HALF_DOWN = MODES.ROUND_HALF_DOWN;
  static readonly ROUND_HALF_EVEN = MODES.ROUND_HALF_EVEN;
  static readonly ROUND_HALF_CEIL = MODES.ROUND_HALF_CEIL;
  static readonly ROUND_HALF_FLOOR = MODES.ROUND_HALF_FLOOR;
}

/** Where the discarded part lies between the two neighbouring kept values. */
export type Position = "zero" | "below" | "half" | "above";

export const ROUNDS_AWAY: Record<number, (p: Position, negative: boolean, lastOdd: boolean) => boolean> = {
  [MODES.ROUND_UP]: (p) => p !== "zero",
  [MODES.ROUND_DOWN]: () => false,
  [MODES.ROUND_CEIL]: (p, neg) => p !== "zero" && !neg,
  [MODES.ROUND_FLOOR]: (p, neg) => p !== "zero" && neg,
  [MODES.ROUND_HALF_UP]: (p) => p === "above" || p === "half",
  [MODES.ROUND_HALF_DOWN]: (p) => p === "above",
  [MODES.ROUND_HALF_EVEN]: (p, _neg, odd) => p === "above" || (p === "half" && odd),
  [MODES.ROUND_HALF_CEIL]: (p, neg) => p === "above" || (p === "half" && !neg),
  [MODES.ROUND_HALF_FLOOR]: (p, neg) => p === "above" || (p === "half" && neg),
};
