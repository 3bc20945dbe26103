// Statutory redundancy at a public employment agency: whole years between dates, a notice period
// added as a duration, weekday and month names, a payment date moved off weekends, a deadline
// three months on, and weeks of pay summed over the years of service by the age in each.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int } from "../corpus/random.js";
import type { State } from "../corpus/types.js";
import type { OutsideModel } from "./types.js";

const model = {
  content: {
    name: "Statutory redundancy",
    inputs: {
      "date of birth": { type: "date", desc: "On what date was the employee born?" },
      "employment start": { type: "date", desc: "On what date did the continuous employment start?" },
      "notice date": { type: "date", desc: "On what date was notice of redundancy given?" },
      "weekly pay": { type: "number >= 0", desc: "What is the employee's gross weekly pay in pounds?" },
      "contractual notice weeks": { type: "number [0..52]", desc: "How many weeks of notice does the contract give?" },
    },
    decisions: {
      "complete years": "years and months duration(employment start, notice date).years",
      "age at notice": "years and months duration(date of birth, notice date).years",
      "statutory notice weeks": "if complete years < 2 then 1 else min(12, complete years)",
      "notice weeks": "max(statutory notice weeks, contractual notice weeks)",
      "last working day": 'notice date + duration("P1D") * (7 * notice weeks)',
      "last day falls on": "day of week(last working day)",
      "counted years": "min(20, complete years)",
      "weeks of pay":
        "if counted years < 2 then 0 else sum(for y in 1..counted years return if age at notice - y < 22 then 0.5 else if age at notice - y < 41 then 1 else 1.5)",
      "redundancy pay": "decimal(weeks of pay * min(weekly pay, 700), 2)",
      "payment due": {
        type: "date",
        let: { "due day": 'last working day + duration("P28D")' },
        table: [
          ["day of week(due day)", "=> date"],
          ["Saturday", 'due day + duration("P2D")'],
          ["Sunday", 'due day + duration("P1D")'],
          ["-", "due day"],
        ],
      },
      "days to payment": "(payment due - notice date).days",
      "claim deadline": 'last working day + duration("P3M") - duration("P1D")',
      "notice month": "month of year(notice date)",
      "notice week": "week of year(notice date)",
    },
  },
  questions: {
    "redundancy pay": { type: "number", instructions: "How many pounds of statutory redundancy pay are due?" },
    "payment due": { type: "date", instructions: "By what date must the redundancy pay be paid?" },
  },
};

const DAY = 86_400_000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const parse = (text: string): Date => new Date(`${text}T00:00:00Z`);
const iso = (d: Date): string => d.toISOString().slice(0, 10);
const plusDays = (d: Date, days: number): Date => new Date(d.getTime() + days * DAY);

/** Whole years from one date to a later one. */
function wholeYears(from: Date, to: Date): number {
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  return Math.floor((to.getUTCDate() < from.getUTCDate() ? months - 1 : months) / 12);
}

/** The date `months` later, on the same day or the last day of a shorter month. */
function plusMonths(d: Date, months: number): Date {
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d.getUTCDate(), last)));
}

/** The ISO 8601 week of the year. */
function isoWeek(d: Date): number {
  const thursday = plusDays(d, 3 - ((d.getUTCDay() + 6) % 7));
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - jan1) / DAY / 7) + 1;
}

function handwritten(s: State) {
  const birth = parse(s["date of birth"] as string);
  const start = parse(s["employment start"] as string);
  const notice = parse(s["notice date"] as string);
  const years = wholeYears(start, notice);
  const age = wholeYears(birth, notice);
  const statutory = years < 2 ? 1 : Math.min(12, years);
  const weeks = Math.max(statutory, s["contractual notice weeks"] as number);
  const last = plusDays(notice, 7 * weeks);
  const counted = Math.min(20, years);
  let weeksOfPay = 0;
  if (counted >= 2) for (let y = 1; y <= counted; y++) weeksOfPay += age - y < 22 ? 0.5 : age - y < 41 ? 1 : 1.5;
  const dueDay = plusDays(last, 28);
  const dueShift = [1, 0, 0, 0, 0, 0, 2][dueDay.getUTCDay()]!;
  const due = plusDays(dueDay, dueShift);
  return {
    "complete years": years,
    "age at notice": age,
    "statutory notice weeks": statutory,
    "notice weeks": weeks,
    "last working day": iso(last),
    "last day falls on": WEEKDAYS[last.getUTCDay()],
    "counted years": counted,
    "weeks of pay": weeksOfPay,
    "redundancy pay": roundHalfEven(weeksOfPay * Math.min(s["weekly pay"] as number, 700), 2),
    "payment due": iso(due),
    "days to payment": Math.round((due.getTime() - notice.getTime()) / DAY),
    "claim deadline": iso(plusDays(plusMonths(last, 3), -1)),
    "notice month": MONTHS[notice.getUTCMonth()],
    "notice week": isoWeek(notice),
  };
}

const randomDate = (rnd: () => number, from: Date, to: Date): Date =>
  new Date(from.getTime() + Math.floor(rnd() * ((to.getTime() - from.getTime()) / DAY + 1)) * DAY);

export const redundancyDates: OutsideModel = {
  name: "redundancy-dates",
  kind: "dates, durations and day counts",
  model,
  state: (rnd) => {
    const birth = randomDate(rnd, parse("1950-01-01"), parse("2003-12-31"));
    const notice = randomDate(rnd, parse("2020-01-01"), parse("2026-12-31"));
    const start = randomDate(rnd, plusMonths(birth, 16 * 12), plusDays(notice, -1));
    return {
      "date of birth": iso(birth),
      "employment start": iso(start),
      "notice date": iso(notice),
      "weekly pay": rnd() < 0.03 ? 0 : fixed(rnd, 150, 2500, 2),
      "contractual notice weeks": rnd() < 0.5 ? 0 : int(rnd, 1, 26),
    };
  },
  handwritten,
  approximate: [],
};
