// What compiling a model the server has not seen may cost, estimated from its size alone before
// any compile work: one unit per 64 characters of the serialised model, per decision, per
// function and per table rule. Compile time grows with all four; a model over the threshold
// (`--prepay-above`) is compiled only once its request holds a reservation, so a key that cannot
// pay for the call gets 402 instead of free compile work (docs/service.md, "Paying before compiling").
import type { PortableModel } from "./resolve-model.js";

const CHARACTERS_PER_UNIT = 64;

const entries = (v: unknown): unknown[] => (v !== null && typeof v === "object" && !Array.isArray(v) ? Object.values(v) : []);

/** Rules of a body as written: a table array, or an object holding one under `key` (header row excluded). */
function rulesOf(body: unknown, key: "table" | "body"): number {
  const table = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(table) ? Math.max(0, table.length - 1) : 0;
}

/** The estimated compile work of `model`, serialised in `characters`, in units. */
export function compileUnits(model: PortableModel, characters: number): number {
  const decisions = entries(model.content.decisions);
  const functions = entries(model.content.functions);
  const rules =
    decisions.reduce<number>((n, d) => n + rulesOf(d, "table"), 0) + functions.reduce<number>((n, f) => n + rulesOf(f, "body"), 0);
  return Math.ceil(characters / CHARACTERS_PER_UNIT) + decisions.length + functions.length + rules;
}
