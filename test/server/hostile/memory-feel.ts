// Hostile FEEL that allocates: expressions that build memory rather than spend time — lists of
// lists and contexts made in a loop, strings joined from a loop (with a long separator), a string
// added to itself decision after decision — each sized by the state's `k`. Against a server whose
// size limit (--eval-size) is raised past what a compile worker's heap (--compile-memory) holds,
// the worker that runs one out of memory dies: the request must answer a limit's problem and the
// next ones be served by the worker that replaces it. At the default limits the size limit stops
// them all first. Each form knows its answer: a 200 must give it, a 4xx must be a limit's.
import fc from "fast-check";
import { LIMITS, type Attack, type Sender } from "./attacks.js";

interface Form {
  name: string;
  /** the model's decisions, of the input `k`; `out` is the one asked */
  decisions(k: number): Record<string, string>;
  answer(k: number): number;
}

/** A string added to itself `d` times, decision after decision, from one of k's digits and eight letters. */
function doubled(d: number): Record<string, string> {
  const decisions: Record<string, string> = { s0: '"abcdefgh" + string(modulo(k, 10))' };
  for (let i = 1; i <= d; i++) decisions[`s${i}`] = `s${i - 1} + s${i - 1}`;
  return { ...decisions, out: `string length(s${d})` };
}

const depthOf = (k: number): number => Math.min(30, Math.round(Math.log2(k)) + 5);

const FORMS: readonly Form[] = [
  {
    name: "lists of ten made in a loop",
    decisions: () => ({ out: "count(for i in 1..k return [i, i, i, i, i, i, i, i, i, i])" }),
    answer: (k) => k,
  },
  { name: "lists nested by for", decisions: () => ({ out: "count(for i in 1..k return for j in 1..10 return j)" }), answer: (k) => k },
  {
    name: "contexts made in a loop",
    decisions: () => ({ out: 'count(for i in 1..k return {a: i, b: "x" + string(i)})' }),
    answer: (k) => k,
  },
  {
    name: "a string joined from a loop",
    decisions: () => ({ out: 'string length(string join(for i in 1..k return "abcdefghij"))' }),
    answer: (k) => 10 * k,
  },
  {
    name: "a string joined with a long separator",
    decisions: () => ({ out: 'string length(string join(for i in 1..k return "a", "----------------"))' }),
    answer: (k) => k + 16 * (k - 1),
  },
  // 9 · 2^d characters, d from 5 (k = 1) to 27 (k = 4,000,000): past the platform's longest string
  { name: "a string added to itself, decision after decision", decisions: (k) => doubled(depthOf(k)), answer: (k) => 9 * 2 ** depthOf(k) },
];

export interface MemoryFeel {
  form: number;
  k: number;
}

/** One generated attack: the form at size k, from the funded key. */
export function memoryAttack({ form: index, k }: MemoryFeel, sender: Sender = "funded"): Attack {
  const form = FORMS[index % FORMS.length]!;
  const size = Math.max(1, k);
  const model = {
    content: { name: "allocates", inputs: { k: { type: "number", desc: "k?" } }, decisions: form.decisions(size) },
    questions: { out: { type: "number", instructions: "out?" } },
  };
  const right = form.answer(size);
  return {
    name: `${form.name}, k = ${size}`,
    sender,
    method: "POST",
    path: "/v1/systemone",
    body: JSON.stringify({ model, state: { k: size } }),
    answer: (b) => b?.answers?.out?.value === right,
    problems: LIMITS,
  };
}

/** Sizes from where every form answers to where none fits a worker's heap of 96 MB. */
export const memoryFeel = (): fc.Arbitrary<MemoryFeel> =>
  fc.record({
    form: fc.nat({ max: FORMS.length - 1 }),
    k: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1_000_000, max: 4_000_000 })),
  });

/** Every form far past the default size limit: for the bench, where that limit stops each. */
export const MEMORY_SAMPLES: readonly MemoryFeel[] = FORMS.map((_, form) => ({ form, k: 3_000_000 }));
