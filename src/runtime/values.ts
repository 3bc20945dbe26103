// The runtime representation of every FEEL value. Generated code and built-ins share it.
//
//   null                      FEEL null
//   boolean                   FEEL boolean
//   string                    FEEL string (length and indexing count code points)
//   Decimal                   FEEL number (see decimal.ts); never a JS number
//   FeelDate/FeelTime/FeelDateTime, DaysTimeDuration/YearsMonthsDuration  temporal values
//   FeelValue[]               FEEL list
//   FeelContext               FEEL context (ordered entries)
//   FeelRange                 FEEL range (DMN 1.4+ ranges as values)
//   FeelFunction              FEEL function (built-in, user-defined, BKM, lambda)
import type { Decimal } from "./decimal.js";

export type FeelValue =
  | null
  | boolean
  | string
  | Decimal
  | FeelDate
  | FeelTime
  | FeelDateTime
  | DaysTimeDuration
  | YearsMonthsDuration
  | FeelValue[]
  | FeelContext
  | FeelRange
  | FeelFunction;

export class FeelDate {
  readonly kind = "date" as const;
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}
}

/** offset: seconds east of UTC, or null for a local time; zone: IANA id when given as @Zone. */
export class FeelTime {
  readonly kind = "time" as const;
  constructor(
    readonly hour: number,
    readonly minute: number,
    readonly second: number,
    readonly nanos: number,
    readonly offset: number | null,
    readonly zone: string | null,
  ) {}
}

export class FeelDateTime {
  readonly kind = "date and time" as const;
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    readonly hour: number,
    readonly minute: number,
    readonly second: number,
    readonly nanos: number,
    readonly offset: number | null,
    readonly zone: string | null,
  ) {}
}

/** days and time duration: a signed number of seconds (fraction down to nanoseconds). */
export class DaysTimeDuration {
  readonly kind = "days and time duration" as const;
  constructor(readonly seconds: Decimal) {}
}

/** years and months duration: a signed whole number of months. */
export class YearsMonthsDuration {
  readonly kind = "years and months duration" as const;
  constructor(readonly months: number) {}
}

export class FeelContext {
  readonly kind = "context" as const;
  private map: Map<string, FeelValue> | null;
  /**
   * A context read from a JSON object keeps its names and values in two arrays and makes its Map
   * only when asked for `entries`: a model mostly reads a few entries by name, and making a Map
   * costs more than reading the object's fields (a list of records in every state).
   */
  private readonly names: readonly string[];
  private readonly values: readonly FeelValue[];
  /**
   * The JSON object this context was read from, when writing the context out gives that object's
   * keys and values again (runtime/json.ts reads such an object and writes such a context): a copy
   * of it is the context's JSON, without converting each value back. Null otherwise. (The copy is a
   * spread: an object JSON text makes has only data properties with string keys, which it copies as
   * they were read; a state built in JS with getters or symbol keys has them copied as a spread does.)
   */
  readonly json: Readonly<Record<string, unknown>> | null;
  constructor(
    entries: Map<string, FeelValue> | null = new Map(),
    names: readonly string[] = [],
    values: readonly FeelValue[] = [],
    json: Readonly<Record<string, unknown>> | null = null,
  ) {
    this.map = entries;
    this.names = names;
    this.values = values;
    this.json = json;
  }
  /** A context of distinct names and their values, in order; `json` as the constructor says. */
  static fromArrays(
    names: readonly string[],
    values: readonly FeelValue[],
    json: Readonly<Record<string, unknown>> | null = null,
  ): FeelContext {
    return new FeelContext(null, names, values, json);
  }
  get entries(): Map<string, FeelValue> {
    if (this.map === null) {
      this.map = new Map();
      for (let i = 0; i < this.names.length; i++) this.map.set(this.names[i]!, this.values[i]!);
    }
    return this.map;
  }
  /** The number of entries, without making the Map of a context read from JSON. */
  get size(): number {
    return this.map === null ? this.names.length : this.map.size;
  }
  /** Each entry in order, without making the Map of a context read from JSON. */
  forEachEntry(f: (name: string, value: FeelValue) => void): void {
    if (this.map !== null) this.map.forEach((value, name) => f(name, value));
    else for (let i = 0; i < this.names.length; i++) f(this.names[i]!, this.values[i]!);
  }
  /** The values, in order, of a context read from JSON holding exactly `names` in that order; null otherwise. */
  valuesNamed(names: readonly string[]): readonly FeelValue[] | null {
    if (this.map !== null || this.names.length !== names.length) return null;
    for (let i = 0; i < names.length; i++) if (this.names[i] !== names[i]) return null;
    return this.values;
  }
  get(key: string): FeelValue {
    const v = this.map === null ? this.values[this.names.indexOf(key)] : this.map.get(key);
    return v === undefined ? null : v;
  }
  /**
   * The entry `key`, looked for first at position `slot`: a context read from JSON whose keys come in
   * the order its type declares them holds each field at the field's position.
   */
  at(slot: number, key: string): FeelValue {
    if (this.map !== null || this.names[slot] !== key) return this.get(key);
    const v = this.values[slot];
    return v === undefined ? null : v;
  }
  has(key: string): boolean {
    return this.map === null ? this.names.includes(key) : this.map.has(key);
  }
  static of(obj: Record<string, FeelValue>): FeelContext {
    return new FeelContext(new Map(Object.entries(obj)));
  }
}

/**
 * A range; an absent endpoint (null) is unbounded on that side. DMN 1.5 distinguishes `< 10`
 * (no start: unbounded) from `(null..10)` (a start that is the null value: membership is null);
 * `nullEndpoints` is "value" for the latter, written with `..` and both endpoints.
 */
export class FeelRange {
  readonly kind = "range" as const;
  constructor(
    readonly startIncluded: boolean,
    readonly start: FeelValue,
    readonly end: FeelValue,
    readonly endIncluded: boolean,
    readonly nullEndpoints: "unbounded" | "value" = "unbounded",
    /** DMN 1.5 `=e` / `!=e` as a value: the operator it was written with (not equal to `[e..e]`) */
    readonly test?: "=" | "!=",
  ) {}
}

/**
 * A callable. `params` are the parameter names (for named invocation); `variadic` marks a
 * built-in whose last parameter collects the rest. `signatures` lists alternative parameter
 * name lists for overloaded built-ins (e.g. date(from) and date(year, month, day)).
 */
export class FeelFunction {
  readonly kind = "function" as const;
  constructor(
    readonly name: string,
    readonly params: readonly string[],
    readonly invoke: (args: FeelValue[]) => FeelValue,
    readonly options: {
      variadic?: boolean;
      signatures?: readonly (readonly string[])[];
      /** declared parameter types (FEEL type names) of a user-defined function, for checking */
      paramTypes?: readonly (unknown | undefined)[];
    } = {},
  ) {}
}

export type TemporalValue = FeelDate | FeelTime | FeelDateTime | DaysTimeDuration | YearsMonthsDuration;
