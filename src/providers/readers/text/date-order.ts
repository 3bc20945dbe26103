// The order facts keep in time: a loss is reported on or after the day it happened. When the
// dates read for the two break that order, they were taken for each other (a call note dated
// 10/06 about a fire on 10/04): they are swapped, less surely. (A policy's start is left out: a
// start read after the loss is more often a misread year than a swap.)
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import { roundConfidence } from "./confidence.js";
import { conceptTokens, contentStems, stem, stemMatch } from "../words.js";

/** Where a date input stands in the life of a claim: the loss happens, then it is reported. */
export type DateRole = 1 | 2;

const ROLE_WORDS: [DateRole, string][] = [
  [1, stem("incident")],
  [2, stem("report")],
];

function rolesIn(text: string): DateRole[] {
  const tokens = conceptTokens(contentStems(text));
  return ROLE_WORDS.filter(([, w]) => tokens.some((t) => stemMatch(t, w) > 0)).map(([r]) => r);
}

/** The role an input's name gives it (else its desc), when it gives exactly one. */
export function dateRole(input: InputIR): DateRole | undefined {
  const named = rolesIn(input.name);
  if (named.length === 1) return named[0];
  if (named.length > 1) return undefined;
  const described = rolesIn(input.desc ?? "");
  return described.length === 1 ? described[0] : undefined;
}

/** More dates with a role than this are left as read (their assignments grow as a factorial). */
const MAX_ORDERED = 4;

/** A date read for an input, as the order check sees it. */
export interface Placed {
  input: string;
  role: DateRole;
  iso: string;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

const ordered = (dates: { role: DateRole; iso: string }[]): boolean =>
  dates.every((a) => dates.every((b) => !(a.role < b.role && a.iso > b.iso)));

/**
 * The dates read for inputs with a role, given back to the inputs so that their order in time
 * keeps the order of the roles, changing as few as can be (two dates taken for each other are
 * swapped): `moved` maps each input whose date changed to the input whose date it takes. The
 * dates sorted keep the order, so one assignment always does. A model has a loss and a report
 * date or two, so few assignments are tried.
 */
export function keepOrder(dates: Placed[]): Map<string, string> {
  const moved = new Map<string, string>();
  if (dates.length < 2 || dates.length > MAX_ORDERED || ordered(dates)) return moved;
  let best: Placed[] | undefined;
  let fewest = Infinity;
  for (const perm of permutations(dates)) {
    const next = dates.map((d, i) => ({ role: d.role, iso: perm[i]!.iso }));
    const changes = perm.filter((p, i) => p.input !== dates[i]!.input).length;
    if (ordered(next) && changes < fewest) [best, fewest] = [perm, changes];
  }
  best!.forEach((p, i) => {
    if (p.input !== dates[i]!.input) moved.set(dates[i]!.input, p.input);
  });
  return moved;
}

/**
 * The values read for dates with a role, put back in their order in time: each moved date takes
 * the mean of the two confidences, times `factor` (a swap is a guess of how they were confused).
 */
export function swappedInOrder(dates: Placed[], out: Record<string, ReadValue>, factor: number): Record<string, ReadValue> {
  const moved = keepOrder(dates);
  const before = { ...out };
  for (const [name, from] of moved) {
    const v = before[from]!;
    const { alternatives: _, ...taken } = v;
    out[name] = { ...taken, confidence: roundConfidence(((v.confidence + before[name]!.confidence) / 2) * factor) };
  }
  return out;
}

/** The dates read for the inputs with a role (`out`'s values of date inputs), in the inputs' order. */
export function placedDates(inputs: InputIR[], out: Record<string, ReadValue>): Placed[] {
  const dates: Placed[] = [];
  for (const input of inputs) {
    const role = dateRole(input);
    const v = out[input.name];
    if (role !== undefined && v && typeof v.value === "string") dates.push({ input: input.name, role, iso: v.value });
  }
  return dates;
}
