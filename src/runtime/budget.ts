// The evaluation budget: what one evaluation may spend, so that no model, however written, can
// stall the process, exhaust its memory or overflow its stack. Three measures:
//   steps  — loop iterations, filter items, calls of model functions and lambdas (two each), the
//            work of built-ins over lists and strings (builtins/costs.ts), items and entries
//            compared by `=` (equality.ts);
//   size   — items and characters of every list, context and string built (literals, `for`
//            results, concatenate, `+` on strings, string join, replace..., answers converted to
//            JSON), a list or context CONTAINER_SIZE more, summed over the evaluation: it bounds
//            memory and copying;
//   depth  — calls of model functions and lambdas in progress (recursion).
// Generated code ticks and enters; built-ins charge what they walk and build. Outside withBudget
// steps and size are unbounded, depth never is: a stack overflow is never the answer.

export type LimitKind = "steps" | "size" | "depth";

export interface EvaluationLimits {
  steps: number;
  size: number;
  depth: number;
}

export const DEFAULT_EVALUATION_LIMITS: EvaluationLimits = { steps: 1_000_000, size: 1_000_000, depth: 500 };

const WHAT: Record<LimitKind, string> = {
  steps: "steps",
  size: "items and characters built",
  depth: "nested calls of functions",
};

export class BudgetExceeded extends Error {
  /** the model address of the decision whose evaluation it stopped (`decisions.x`), where the entry point knows it */
  address?: string;
  constructor(
    readonly kind: LimitKind,
    readonly limit: number,
  ) {
    super(`evaluation stopped at the limit of ${limit.toLocaleString("en-US")} ${WHAT[kind]}`);
    this.name = "BudgetExceeded";
  }
}

const UNBOUNDED: EvaluationLimits = { steps: Infinity, size: Infinity, depth: DEFAULT_EVALUATION_LIMITS.depth };

let limits = UNBOUNDED;
/**
 * What is left of the steps and the size, as fields of one object: a field holding a number is
 * updated in place, where a module variable holding a non-integer (Infinity outside a budget)
 * would be boxed anew at every tick.
 */
const left = { steps: Infinity, size: Infinity };
let depth = UNBOUNDED.depth;

/**
 * A slice of time an evaluation may spend, on a clock the caller gives (the runtime reads no clock
 * of its own): the server gives the event loop's evaluations a slice of CPU time, past which the
 * evaluation stops with SliceSpent and runs again, whole, elsewhere (service/evaluation.ts).
 */
export interface Slice {
  /** the clock, in milliseconds */
  now: () => number;
  /** how long the slice is on the clock */
  ms: number;
  /**
   * the steps before the clock is first read (at least SLICE_STEPS): an evaluation that ends sooner
   * never reads it, whatever its first run of code not run before (compiled as it runs, 10–30 times
   * slower than warm) costs
   */
  after?: number;
  /**
   * with `after`: the clock is read every SLICE_STEPS all the same, and the slice is spent when the
   * steps before `after` take longer than this on the clock from its first reading, SLICE_STEPS steps
   * in (code run for the first time is interpreted: measured, the first 50,000 steps of
   * `for i in 1..500000 return i` took 30–65 ms of CPU, where warm they take 3–5 ms). The first
   * SLICE_STEPS steps go unclocked, as every SLICE_STEPS between two readings do: an evaluation that
   * ends within them (most: the lending sample takes a few hundred) reads no clock at all, where a
   * reading at its start cost the server's call more than the model's own evaluation
   * (process.cpuUsage sums the CPU time of every thread of the process).
   */
  coldMs?: number;
  /** the clock's reading at which the slice is spent: set when the clock is first read past `after`; evaluations given the same slice share it */
  end?: number;
  /** the clock's first reading by an evaluation given the slice (with `coldMs`): the cold steps are timed from it */
  start?: number;
}

/**
 * The slice of time ran out before the evaluation ended: not a limit of the model's, only of where
 * it ran (never an answer: the caller runs the evaluation again where time is not sliced).
 */
export class SliceSpent extends Error {
  constructor(readonly ms: number) {
    super(`the evaluation's slice of time ran out after ${ms.toFixed(1)} ms`);
    this.name = "SliceSpent";
  }
}

/**
 * Steps between two readings of the slice's clock: the steps left are handed to `left.steps` this
 * many at a time, so the hot path (tick, enter) stays one subtraction and one test, and the clock
 * (process.cpuUsage, 2–3 µs on a 2-core machine) is read once per some 0.1–1 ms of work.
 */
const SLICE_STEPS = 2048;

let slice: Slice | null = null;
/** Steps of the limit not yet handed to `left.steps` (0 without a slice). */
let reserve = 0;
/** Steps before the slice's `after` not yet run, with `coldMs` (0 without). */
let cold = 0;
/** The steps `left.steps` was last handed. */
let handed = 0;

/** Hands `left.steps` the next SLICE_STEPS of the steps left (all of them without a slice). */
function handOut(total: number): void {
  left.steps = slice === null ? total : Math.min(SLICE_STEPS, total);
  reserve = slice === null ? 0 : total - left.steps;
  handed = left.steps;
}

/** Whether the slice is spent at the clock's reading `now`: past `coldMs` while cold, else past its end. */
function spent(s: Slice, now: number): number | null {
  if (cold > 0) {
    s.start ??= now;
    return now - s.start > s.coldMs! ? now - s.start : null;
  }
  s.end ??= now + s.ms;
  return now > s.end ? now - s.end + s.ms : null;
}

/** `left.steps` ran out: the limit, when no steps are left, or the slice's clock read and more handed out. */
function stepsOut(): void {
  const total = left.steps + reserve;
  if (total < 0) throw new BudgetExceeded("steps", limits.steps);
  if (slice !== null) {
    cold = Math.max(0, cold - (handed - left.steps));
    const ms = spent(slice, slice.now());
    if (ms !== null) throw new SliceSpent(ms);
  }
  handOut(total);
}

export function tick(n = 1): void {
  left.steps -= n;
  if (left.steps < 0) stepsOut();
}

/**
 * Whether `steps` steps and `size` items fit in what is left: a fast path may then charge them at
 * once where the work it stands for charges them bit by bit (and, when they do not fit, stops at the
 * limit that work would stop at).
 */
export const fits = (steps: number, size: number): boolean => left.steps + reserve >= steps && left.size >= size;

/** Steps given back by a fast path that declined: the exact path it leaves the work to counts them again. */
export function refund(n: number): void {
  left.steps += n;
}

/** The steps and the size spent so far inside the innermost withBudget. */
export const spentSoFar = (): { steps: number; size: number } => ({
  steps: limits.steps - (left.steps + reserve),
  size: limits.size - left.size,
});

/** Whether an evaluation budget bounds the steps now (inside withBudget with a finite step limit). */
export const stepsBounded = (): boolean => limits.steps !== Infinity;

/**
 * What making a list or context counts toward the size besides its items: making one (and
 * collecting it) costs about as much as copying this many items (measured: converting to JSON a
 * tree of 2^19 two-item lists took 1.04 s, a flat list of 10^6 numbers 0.09 s).
 */
export const CONTAINER_SIZE = 20;

/** A list made by generated code (a list literal, a `for`'s results): it and its items count toward the size. */
export function madeList<T extends unknown[]>(list: T): T {
  charge(CONTAINER_SIZE + list.length);
  return list;
}

/**
 * What a call of a model function or lambda costs in steps: its frame, its arguments' conversions
 * and its result's take about as long as two iterations of a loop (measured against a `for` over a
 * range returning each item).
 */
export const CALL_STEPS = 2;

/**
 * What one term of a big-number series costs in steps (exp, ln, non-integer powers, roots: the
 * exact path of decimal-functions.ts), and one multiplication of a power by squaring: a few BigInt
 * products and quotients of 100–300 bits each, about as long as four iterations of a loop
 * (measured: `x ** 1.5` on a non-integer x took 18 µs, some 60 terms, where a loop's iteration takes
 * about 0.1 µs). Uncharged, a loop of 100,000 such powers took 1.8 s on the event loop's slice of
 * 100,000 steps.
 */
export const BIG_TERM_STEPS = 4;

/**
 * What a 34-digit division or square root costs in steps: a quotient that does not terminate
 * divided out to its digits (to round it to many places or to write it), or the integer root of a
 * square root, 1.5–3 µs (uncharged, `string(i / 7)` over a loop of 100,000 took 150 ms and
 * `sqrt(i * 1.0000001)` 250 ms on the event loop's slice).
 */
export const BIG_DIVISION_STEPS = 16;

/**
 * What reading a time zone's offset at an instant costs in steps: the platform formats the instant
 * in the zone (Intl.DateTimeFormat.formatToParts, 3–9 µs with the parts read back), as long as
 * some ninety iterations of a loop (measured: a loop of zoned date-times plus a duration, each
 * reading eight offsets, took 300 ms for the default budget at 30 steps an offset).
 */
export const ZONE_OFFSET_STEPS = 90;

/** A list or string just built: its length counts toward the size. */
export function built<T extends { length: number }>(value: T): T {
  charge(value.length);
  return value;
}

/** Items or characters that count toward the size, for work that does not build them. */
export function charge(n: number): void {
  left.size -= n;
  if (left.size < 0) throw new BudgetExceeded("size", limits.size);
}

/** Keys of the work the evaluation has paid for once (payOnce), with its budget. */
let paid = new Set<string>();

/**
 * `steps` for work an evaluation does once however often it asks for it (compiling a regular
 * expression the process then keeps), the first time it asks under `key`: the charge is the same
 * whatever the process holds already, so an evaluation run again elsewhere stops where it stopped.
 */
export function payOnce(key: string, steps: number): void {
  if (!stepsBounded() || paid.has(key)) return;
  tick(steps);
  paid.add(key);
}

/** A model function or lambda starts (CALL_STEPS steps, one level deeper); `leave` when it returns or throws. */
export function enter(): void {
  left.steps -= CALL_STEPS;
  if (left.steps < 0) stepsOut();
  if (--depth < 0) {
    depth++;
    throw new BudgetExceeded("depth", limits.depth);
  }
}

export function leave(): void {
  depth++;
}

/**
 * The whole budget again for the next evaluation inside the same withBudget: a batch scores many
 * rows under one set of limits and gives each row all of it, without a withBudget (and its
 * allocations) per row. Depth needs no refill: every enter has its leave in a finally.
 */
export function refill(): void {
  handOut(limits.steps);
  left.size = limits.size;
  paid = new Set();
}

/**
 * The longest string the platform holds (V8 on 64 bits: node's buffer.constants.MAX_STRING_LENGTH,
 * 2^29 - 24 characters). A size limit raised past it does not let a string grow further: the
 * platform throws a RangeError, which is the size limit at this length.
 */
export const LONGEST_STRING = 536_870_888;

/**
 * The limit an evaluation error means, if any: a BudgetExceeded, a stack overflow that slipped
 * past the depth count (deep expressions in every call), which is the depth limit too, or a string
 * or list longer than the platform holds (a size limit raised that far: measured, a chain of 27
 * decisions each adding the one before to itself threw "Invalid string length" at --eval-size
 * 10^12), which is the size limit at the platform's length.
 */
export function exceededLimit(e: unknown, depthLimit: number, sizeLimit = Infinity): BudgetExceeded | null {
  if (e instanceof BudgetExceeded) return e;
  if (!(e instanceof RangeError)) return null;
  if (/call stack/i.test(e.message)) return new BudgetExceeded("depth", depthLimit);
  if (/invalid (string|array|typed array) length/i.test(e.message)) return new BudgetExceeded("size", Math.min(sizeLimit, LONGEST_STRING));
  return null;
}

/**
 * `e` as the limit it means under the limits in force (exceededLimit), placed at `address` (the
 * decision being evaluated when it was thrown) unless placed already; any other error unchanged.
 */
export function limitAt(e: unknown, address: string): unknown {
  const exceeded = exceededLimit(e, limits.depth, limits.size);
  if (exceeded === null) return e;
  exceeded.address ??= address;
  return exceeded;
}

/**
 * `e` as the limit it means, placed where `traced` (the same evaluation run again with a trace,
 * which knows its decision) meets the same limit: for the untraced entry points, which keep no
 * record of the decision under way so as to cost nothing while no limit stops them. Runs again
 * only once a limit has stopped the evaluation, under the same limits afresh; any other error unchanged.
 */
export function limitPlacedBy(e: unknown, traced: () => unknown): unknown {
  const exceeded = exceededLimit(e, limits.depth, limits.size);
  if (exceeded === null || exceeded.address !== undefined) return exceeded ?? e;
  const within = limits;
  try {
    withBudget(within, traced);
  } catch (again) {
    const there = exceededLimit(again, within.depth, within.size);
    if (there?.kind === exceeded.kind) exceeded.address = there.address;
  }
  return exceeded;
}

/**
 * Runs fn within the limits given (the others as outside a budget), and within `within` a slice of
 * time when one is given (SliceSpent when it runs out; a budget inside another keeps the outer's).
 */
export function withBudget<T>(within: Partial<EvaluationLimits>, fn: () => T, timeSlice?: Slice): T {
  const saved = { limits, steps: left.steps, size: left.size, depth, slice, reserve, cold, handed, paid };
  paid = new Set();
  limits = { ...UNBOUNDED, ...within };
  if (timeSlice) slice = timeSlice;
  handOut(limits.steps);
  cold = slice?.coldMs !== undefined ? (slice.after ?? 0) : 0;
  if (cold === 0 && slice !== null && slice.after !== undefined && slice.after > SLICE_STEPS) {
    // the first hand-out reaches to `after`
    const total = left.steps + reserve;
    left.steps = Math.min(slice.after, total);
    reserve = total - left.steps;
    handed = left.steps;
  }
  left.size = limits.size;
  depth = Math.min(limits.depth, depth);
  try {
    return fn();
  } finally {
    ({ limits, depth, slice, reserve, cold, handed, paid } = saved);
    left.steps = saved.steps;
    left.size = saved.size;
  }
}
