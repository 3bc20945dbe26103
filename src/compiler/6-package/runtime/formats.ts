// Runs inside generated packages: the string formats the bundled validator checks, in the
// `{type, validate}` shape ajv's standalone code calls (`formats.date.validate(s)`).
import { FEEL_FORMATS } from "../../5-load/formats.js";

export const formats: Record<string, { type: "string"; validate: (s: string) => boolean }> = Object.fromEntries(
  Object.entries(FEEL_FORMATS).map(([name, validate]) => [name, { type: "string", validate }]),
);
