// + - * / ** and unary minus (DMN 1.5, 10.3.2.3–10.3.2.8 and tables 57–61): each operator is a
// table from the kinds of its operands to a function; anything not in the table is null.
import { addMonths, epochDay, fromEpochDay, fromLocalSeconds, instant, localSeconds, timeInstant } from "./temporal.js";
import { Num, dt, tagOf, ym, type RDate, type RDateTime, type RTime, type RValue } from "./values.js";

type Op = "+" | "-" | "*" | "/" | "**";
type Rule = (a: never, b: never) => RValue;
const DAY = 86400;
const DT = "days and time duration";
const YM = "years and months duration";

/**
 * decimal128's range (docs/numbers.md): a result whose first digit lies above 10^6144 is infinite,
 * which FEEL has not (null); one below 10^-6143 is zero
 */
export function finite(n: Num): Num | null {
  if (!n.isFinite() || n.e > 6144) return null;
  return n.isZero() || n.e < -6143 ? new Num(0) : n;
}
const wholeMonths = (n: Num): RValue => ym(n.trunc().toNumber() || 0);

const shiftDate = (d: RDate, secs: Num): RDate => fromEpochDay(epochDay(d) + secs.div(DAY).floor().toNumber());
const shiftDateTime = (v: RDateTime, secs: Num): RDateTime => fromLocalSeconds(localSeconds(v).plus(secs), v.time.offset);
const shiftTime = (t: RTime, secs: Num): RTime => ({ t: "time", secs: t.secs.plus(secs).mod(DAY).plus(DAY).mod(DAY), offset: t.offset });
const dateTimeOf = (d: RDate): RDateTime => ({ t: "date and time", date: d, time: { t: "time", secs: new Num(0), offset: null } });
const sameKind = (a: RDateTime, b: RDateTime) => (a.time.offset === null) === (b.time.offset === null);
const addMonthsDT = (v: RDateTime, months: number): RDateTime => ({ ...v, date: addMonths(v.date, months) });

const RULES: Record<Op, Record<string, Rule>> = {
  "+": {
    "number,number": (a: Num, b: Num) => finite(a.plus(b)),
    "string,string": (a: string, b: string) => a + b,
    [`date,${DT}`]: (a: RDate, b: { secs: Num }) => shiftDate(a, b.secs),
    [`${DT},date`]: (a: { secs: Num }, b: RDate) => shiftDate(b, a.secs),
    [`date,${YM}`]: (a: RDate, b: { months: number }) => addMonths(a, b.months),
    [`${YM},date`]: (a: { months: number }, b: RDate) => addMonths(b, a.months),
    [`date and time,${DT}`]: (a: RDateTime, b: { secs: Num }) => shiftDateTime(a, b.secs),
    [`${DT},date and time`]: (a: { secs: Num }, b: RDateTime) => shiftDateTime(b, a.secs),
    [`date and time,${YM}`]: (a: RDateTime, b: { months: number }) => addMonthsDT(a, b.months),
    [`${YM},date and time`]: (a: { months: number }, b: RDateTime) => addMonthsDT(b, a.months),
    [`time,${DT}`]: (a: RTime, b: { secs: Num }) => shiftTime(a, b.secs),
    [`${DT},time`]: (a: { secs: Num }, b: RTime) => shiftTime(b, a.secs),
    [`${DT},${DT}`]: (a: { secs: Num }, b: { secs: Num }) => dt(a.secs.plus(b.secs)),
    [`${YM},${YM}`]: (a: { months: number }, b: { months: number }) => ym(a.months + b.months),
  },
  "-": {
    "number,number": (a: Num, b: Num) => finite(a.minus(b)),
    "date,date": (a: RDate, b: RDate) => dt(new Num((epochDay(a) - epochDay(b)) * DAY)),
    [`date,${DT}`]: (a: RDate, b: { secs: Num }) => shiftDate(a, b.secs.neg()),
    [`date,${YM}`]: (a: RDate, b: { months: number }) => addMonths(a, -b.months),
    "date and time,date and time": (a: RDateTime, b: RDateTime) => (sameKind(a, b) ? dt(instant(a).minus(instant(b))) : null),
    "date and time,date": (a: RDateTime, b: RDate) => RULES["-"]["date and time,date and time"]!(a as never, dateTimeOf(b) as never),
    "date,date and time": (a: RDate, b: RDateTime) => RULES["-"]["date and time,date and time"]!(dateTimeOf(a) as never, b as never),
    [`date and time,${DT}`]: (a: RDateTime, b: { secs: Num }) => shiftDateTime(a, b.secs.neg()),
    [`date and time,${YM}`]: (a: RDateTime, b: { months: number }) => addMonthsDT(a, -b.months),
    "time,time": (a: RTime, b: RTime) => ((a.offset === null) === (b.offset === null) ? dt(timeInstant(a).minus(timeInstant(b))) : null),
    [`time,${DT}`]: (a: RTime, b: { secs: Num }) => shiftTime(a, b.secs.neg()),
    [`${DT},${DT}`]: (a: { secs: Num }, b: { secs: Num }) => dt(a.secs.minus(b.secs)),
    [`${YM},${YM}`]: (a: { months: number }, b: { months: number }) => ym(a.months - b.months),
  },
  "*": {
    "number,number": (a: Num, b: Num) => finite(a.times(b)),
    [`${DT},number`]: (a: { secs: Num }, b: Num) => dt(a.secs.times(b)),
    [`number,${DT}`]: (a: Num, b: { secs: Num }) => dt(b.secs.times(a)),
    [`${YM},number`]: (a: { months: number }, b: Num) => wholeMonths(b.times(a.months)),
    [`number,${YM}`]: (a: Num, b: { months: number }) => wholeMonths(a.times(b.months)),
  },
  "/": {
    "number,number": (a: Num, b: Num) => (b.isZero() ? null : finite(a.div(b))),
    [`${DT},number`]: (a: { secs: Num }, b: Num) => (b.isZero() ? null : dt(a.secs.div(b))),
    [`${YM},number`]: (a: { months: number }, b: Num) => (b.isZero() ? null : wholeMonths(new Num(a.months).div(b))),
    [`${DT},${DT}`]: (a: { secs: Num }, b: { secs: Num }) => (b.secs.isZero() ? null : a.secs.div(b.secs)),
    [`${YM},${YM}`]: (a: { months: number }, b: { months: number }) => (b.months === 0 ? null : new Num(a.months).div(b.months)),
  },
  "**": {
    "number,number": (a: Num, b: Num) => power(a, b),
  },
};

const Wide = Num.clone({ precision: 120 });

/**
 * x ** y: 0 ** negative is undefined; a negative base needs an integer exponent. Computed at 120
 * digits and rounded once (decimal.js's own pow at 34 digits can be off in the last digit).
 */
function power(a: Num, b: Num): Num | null {
  if (a.isZero() && b.isNeg()) return null;
  if (a.isNeg() && !b.isInteger()) return null;
  const wide = new Wide(a).pow(new Wide(b));
  return wide.isFinite() ? finite(new Num(wide).toSignificantDigits(34, Num.ROUND_HALF_EVEN)) : null;
}

export function arith(op: Op, a: RValue, b: RValue): RValue {
  if (a === null || b === null) return null;
  const rule = RULES[op][`${tagOf(a)},${tagOf(b)}`];
  return rule ? rule(a as never, b as never) : null;
}

export function negate(a: RValue): RValue {
  const t = tagOf(a);
  if (t === "number") return (a as Num).isZero() ? new Num(0) : (a as Num).neg();
  if (t === DT) return dt((a as { secs: Num }).secs.neg());
  if (t === YM) return ym(-(a as { months: number }).months || 0);
  return null;
}
