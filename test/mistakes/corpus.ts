// The mistake corpus: every kind of mistake (kinds.ts) applied at every place it fits in every
// sample model. Each mutant is checked strictly; whether it is flagged at its place is recorded,
// and so is whether it changes any decision: the mutant, compiled without the strict check, is
// run on the sample's states and generated ones and compared with the original.
import fc from "fast-check";
import { loadSamples, type Sample } from "../../bench/load-samples.js";
import { analyseModel } from "../../src/compiler/2-analyse/index.js";
import { checkModel, compileUncached } from "../../src/compiler/index.js";
import { caseDiagnostics } from "../../src/model-tests/check-cases.js";
import type { Diagnostic } from "../../src/ir/diagnostics.js";
import { arbitraryFor } from "../support/arbitrary-state.js";
import { KINDS, type MistakeKind } from "./kinds.js";
import { getAt, placesOf, setAt, type Place } from "./places.js";

/** Generated states per sample, on top of the sample's own. */
const GENERATED_STATES = 200;

export interface Outcome {
  kind: string;
  sample: string;
  address: string;
  before: unknown;
  after: unknown;
  /** the new diagnostics at the place, its owner (decision, function) or, for an input, its readers */
  atPlace: Diagnostic[];
  /** new diagnostics anywhere else */
  elsewhere: Diagnostic[];
  /** the mutant answers some state differently, or cannot be compiled at all */
  changesDecisions: boolean;
  /** the mutant passes the check's six stages but fails one of the sample's own test cases (`pdm check`'s `cases` stage) */
  failsCases: boolean;
}

const key = (d: Diagnostic): string => `${d.code}|${d.address}|${d.message}`;

const within = (address: string | undefined, outer: string): boolean =>
  address !== undefined && (address === outer || address.startsWith(`${outer}.`));

/** `decisions.risk.rule[2]` → `decisions.risk`. */
const ownerOf = (address: string): string => address.split(".").slice(0, 2).join(".");

const acceptedAt = (place: Place): string[] => [
  place.address,
  ownerOf(place.address),
  ...(place.kind === "input-type" ? place.readers : []),
];

const fits = (kind: MistakeKind, place: Place): boolean =>
  kind.place === place.kind && (!kind.columns || ("column" in place && kind.columns.includes(place.column.kind)));

interface Original {
  sample: Sample;
  names: string[];
  /** the date inputs' names, longest first */
  dates: string[];
  places: Place[];
  known: Set<string>;
  states: Record<string, unknown>[];
  answers: string[];
}

function original(sample: Sample): Original {
  const analysed = analyseModel(sample.model, { strict: true });
  if (!analysed.ir) throw new Error(`sample ${sample.name} does not check`);
  const compiled = compileUncached(sample.model);
  if (!compiled.ok) throw new Error(`sample ${sample.name} does not compile`);
  const generated = fc.sample(arbitraryFor(compiled.model.check.input), { numRuns: GENERATED_STATES, seed: 20261124 });
  const states = [...sample.cases.map((c) => c.state), ...(generated as Record<string, unknown>[])].filter(
    (s) => compiled.model.validate(s).ok,
  );
  const ir = analysed.ir;
  return {
    sample,
    names: [...ir.inputs.map((i) => i.name), ...ir.decisions.map((d) => d.name), ...ir.functions.map((f) => f.name)],
    dates: ir.inputs
      .filter((i) => i.type.kind === "date")
      .map((i) => i.name)
      .sort((a, b) => b.length - a.length),
    places: placesOf(sample.model, ir),
    known: new Set(analysed.diagnostics.map(key)),
    states,
    answers: states.map((s) => JSON.stringify(compiled.model.evaluate(s))),
  };
}

function changesDecisions(model: unknown, o: Original): boolean {
  const compiled = compileUncached(model as Sample["model"], { strict: false });
  if (!compiled.ok) return true;
  return o.states.some((s, i) => {
    try {
      return JSON.stringify(compiled.model.evaluate(s)) !== o.answers[i];
    } catch {
      return true;
    }
  });
}

/** What `pdm check` adds for a model that passes the six stages: its cases, run. */
function failsCases(model: Sample["model"], o: Original): boolean {
  const compiled = compileUncached(model);
  if (!compiled.ok) return false;
  const cases = o.sample.cases.map((c) => ({ name: c.name, state: c.state, expect: c.expected }));
  return caseDiagnostics(compiled.model, cases).length > 0;
}

function outcome(kind: MistakeKind, place: Place, o: Original): Outcome | undefined {
  const before = getAt(o.sample.model, place.path);
  const after = kind.mutate(before, { names: o.names, dates: o.dates, place });
  if (after === undefined) return undefined;
  const model = structuredClone(o.sample.model);
  setAt(model, place.path, after);
  const check = checkModel(model);
  const found = check.stages.flatMap((s) => s.diagnostics).filter((d) => !o.known.has(key(d)));
  const accepted = acceptedAt(place);
  const atPlace = found.filter((d) => accepted.some((a) => within(d.address, a)));
  return {
    kind: kind.name,
    sample: o.sample.name,
    address: place.address,
    before,
    after,
    atPlace,
    elsewhere: found.filter((d) => !atPlace.includes(d)),
    changesDecisions: changesDecisions(model, o),
    failsCases: check.valid && failsCases(model, o),
  };
}

export function runCorpus(samples: readonly Sample[] = loadSamples()): Outcome[] {
  const out: Outcome[] = [];
  for (const sample of samples) {
    const o = original(sample);
    for (const kind of KINDS)
      for (const place of o.places) {
        if (!fits(kind, place)) continue;
        const r = outcome(kind, place, o);
        if (r) out.push(r);
      }
  }
  return out;
}
