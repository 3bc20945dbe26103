// The type of a temporal string as written in `@"..."` or passed to `duration(...)`.
import type { Type } from "../../../ir/types.js";

const FORMS: [RegExp, Type][] = [
  [/^-?P(\d+Y)?(\d+M)?$/, { kind: "years and months duration" }],
  [/^-?P/, { kind: "days and time duration" }],
  [/^-?\d{4,}-\d\d-\d\dT/, { kind: "date and time" }],
  [/^-?\d{4,}-\d\d-\d\d$/, { kind: "date" }],
  [/^\d\d:\d\d/, { kind: "time" }],
];

export function temporalLiteralType(text: string): Type {
  for (const [re, t] of FORMS) if (re.test(text)) return t;
  return { kind: "any" };
}
