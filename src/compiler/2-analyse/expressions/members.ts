// Types of `.member` access on values whose type is known (temporal components, struct fields).
import type { Type } from "../../../ir/types.js";

const number: Type = { kind: "number" };
const string: Type = { kind: "string" };
const dtd: Type = { kind: "days and time duration" };

const DATE: Record<string, Type> = { year: number, month: number, day: number, weekday: number };
const TIME: Record<string, Type> = { hour: number, minute: number, second: number, "time offset": dtd, timezone: string };
// a property of the other duration kind is null (DMN 1.5 Table 66)
const DAYS_TIME: Record<string, Type> = { days: number, hours: number, minutes: number, seconds: number };
const YEARS_MONTHS: Record<string, Type> = { years: number, months: number };

const MEMBERS: Partial<Record<Type["kind"], Record<string, Type>>> = {
  date: DATE,
  time: TIME,
  "date and time": { ...DATE, ...TIME },
  "days and time duration": DAYS_TIME,
  "years and months duration": YEARS_MONTHS,
};

/** The properties of a temporal or duration type, or undefined for other types. */
export const propertiesOf = (t: Type): readonly string[] | undefined => {
  const members = MEMBERS[t.kind];
  return members && Object.keys(members);
};

/** The member's type; over a list the member is mapped over the items. */
export function memberType(base: Type, member: string): Type {
  if (base.kind === "struct") return base.fields.find(([k]) => k === member)?.[1] ?? { kind: "null" };
  if (base.kind === "list") {
    const inner = memberType(base.element, member);
    return inner.kind === "any" ? inner : { kind: "list", element: inner };
  }
  if (base.kind === "range") {
    if (member === "start" || member === "end") return base.element;
    if (member === "start included" || member === "end included") return { kind: "boolean" };
  }
  return MEMBERS[base.kind]?.[member] ?? { kind: "any" };
}
