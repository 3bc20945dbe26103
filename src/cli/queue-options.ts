// The options `pdm score --queue` and `pdm worker` share, and the numbers they read.
import type { OptionSpec } from "./command.js";
import { UserError } from "./io.js";

export const QUEUE_OPTIONS = {
  queue: {
    type: "string",
    value: "URL",
    description: "the Redis the chunks go through, redis://host:6379[/db] (rediss:// for TLS)",
  },
  "queue-prefix": {
    type: "string",
    value: "NAME",
    default: "pdm",
    description: "prefix of the queue's and the runs' Redis keys: coordinators and workers with the same prefix work together",
  },
} satisfies Record<string, OptionSpec>;

/** A whole number option from `min` to `max`. */
export function wholeNumber(option: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isSafeInteger(n) || n < min || n > max)
    throw new UserError(`--${option} must be a whole number from ${min} to ${max} (got ${text})`);
  return n;
}

const UNITS: Record<string, number> = { "": 1, k: 1024, m: 1024 * 1024 };

/** A size in bytes: 4194304, 4096k or 4m. */
export function byteSize(option: string, text: string, min: number, max: number): number {
  const m = /^(\d+)([km]?)$/i.exec(text.trim());
  const n = m ? Number(m[1]) * UNITS[m[2]!.toLowerCase()]! : NaN;
  if (!(n >= min && n <= max))
    throw new UserError(`--${option} must be a size from ${min / 1024}k to ${max / (1024 * 1024)}m, e.g. 1m (got ${text})`);
  return n;
}
