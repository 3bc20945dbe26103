// Attacks that grow by doubling, generated: a model of a few hundred bytes whose types, values or
// work double with every line — named types of two fields of the one before, contexts and lists
// built of the one before twice, strings added to themselves, functions that call the one before
// twice, lists that hold one shared list many times, quadratic built-ins over lists that double.
// Each is sent as an execution (from a funded key or a zero-balance one, with or without an
// explanation) or as the free Check. The right answer is known for each: a 200 must give it; a
// 4xx must be one of the problems a limit or the balance gives.
import fc from "fast-check";
import { LIMITS, type Attack, type Sender } from "./attacks.js";

interface Carrier {
  name: string;
  /** the content's types and decisions at depth n; every model has the number input `n` */
  content(n: number): {
    types?: Record<string, unknown>;
    inputs?: Record<string, unknown>;
    functions?: Record<string, unknown>;
    decisions: Record<string, string>;
  };
  /** the question `out`'s right answer for the state {n} (depth n) */
  answer(n: number, state: number): number;
  /** depths worth sending: from where it is cheap to where the written-out size is astronomical */
  depths: [number, number];
}

const chain = (name: (i: number) => string, first: string, step: (before: string) => string, n: number): Record<string, string> => {
  const out: Record<string, string> = { [name(0)]: first };
  for (let i = 1; i <= n; i++) out[name(i)] = step(name(i - 1));
  return out;
};
const c = (i: number) => `c${i}`;

export const CARRIERS: readonly Carrier[] = [
  {
    name: "named types of two fields of the one before",
    content: (n) => {
      const types: Record<string, unknown> = { t0: "number" };
      for (let i = 1; i <= n; i++) types[`t${i}`] = { a: `t${i - 1}`, b: `t${i - 1}` };
      return { types, inputs: { x: { type: `t${n}`, desc: "x?", blank: true } }, decisions: { out: "n" } };
    },
    answer: (_, s) => s,
    depths: [8, 40],
  },
  {
    name: "named types of lists of the one before",
    content: (n) => {
      const types: Record<string, unknown> = { t0: { v: "number" } };
      for (let i = 1; i <= n; i++) types[`t${i}`] = { l: [`t${i - 1}`], m: `t${i - 1}` };
      return { types, inputs: { x: { type: `t${n}`, desc: "x?", blank: true } }, decisions: { out: "if x = null then n else 0" } };
    },
    answer: (_, s) => s,
    depths: [8, 40],
  },
  {
    name: "contexts of the one before twice",
    content: (n) => ({ decisions: { ...chain(c, "n", (b) => `{a: ${b}, b: ${b}}`, n), out: `if ${c(n)}.a.a = null then 0 else n` } }),
    answer: (_, s) => s,
    depths: [8, 30],
  },
  {
    name: "lists of the one before twice",
    content: (n) => ({ decisions: { ...chain(c, "[n]", (b) => `[${b}, ${b}]`, n), out: `count(flatten(${c(n)}))` } }),
    answer: (n) => 2 ** n,
    depths: [8, 30],
  },
  {
    name: "concatenate of the one before with itself",
    content: (n) => ({ decisions: { ...chain(c, "[n]", (b) => `concatenate(${b}, ${b})`, n), out: `count(${c(n)})` } }),
    answer: (n) => 2 ** n,
    depths: [8, 30],
  },
  {
    name: "for over two of the one before",
    content: (n) => ({ decisions: { ...chain(c, "[n]", (b) => `for k in 1..2 return ${b}`, n), out: `count(flatten(${c(n)}))` } }),
    answer: (n) => 2 ** n,
    depths: [8, 30],
  },
  {
    name: "a string added to itself",
    content: (n) => ({ decisions: { ...chain(c, 'string(n) + "ab"', (b) => `${b} + ${b}`, n), out: `string length(${c(n)})` } }),
    answer: (n, s) => 2 ** n * (String(s).length + 2),
    depths: [8, 32],
  },
  {
    name: "a function calling the one before twice",
    content: (n) => ({ functions: functionsOf(n), decisions: { out: `f${n}(n)` } }),
    answer: (n, s) => 2 ** n * s,
    depths: [8, 40],
  },
  {
    name: "a list holding one shared list many times, flattened",
    content: (n) => {
      const w = Math.max(2, Math.round(2 ** (n / 3)));
      return {
        decisions: { m: `for i in 1..${w} return i`, l: `for i in 1..${w} return m`, out: `count(flatten(for i in 1..${w} return l))` },
      };
    },
    answer: (n) => Math.max(2, Math.round(2 ** (n / 3))) ** 3,
    depths: [6, 30],
  },
  {
    name: "distinct values of lists that double",
    content: (n) => ({ decisions: { out: `count(distinct values(for i in 1..${2 ** Math.min(n, 24)} return [i]))` } }),
    answer: (n) => 2 ** Math.min(n, 24),
    depths: [6, 24],
  },
  {
    name: "union of lists that double",
    content: (n) => ({ decisions: { out: `count(union(for i in 1..${2 ** Math.min(n, 24)} return [i]))` } }),
    answer: (n) => 2 ** Math.min(n, 24),
    depths: [6, 24],
  },
];

/** The functions of the function carrier: f0(k) = k, f(i)(k) = f(i-1)(k) + f(i-1)(k). */
function functionsOf(n: number): Record<string, unknown> {
  const out: Record<string, unknown> = { f0: { params: { k: "number" }, returns: "number", body: "k" } };
  for (let i = 1; i <= n; i++) out[`f${i}`] = { params: { k: "number" }, returns: "number", body: `f${i - 1}(k) + f${i - 1}(k)` };
  return out;
}

/** What a limit, the balance, or a refused answer may say instead of the answer. */
const REFUSALS = [...LIMITS, "insufficient_balance", "answer_too_large", "explanation_too_large", "compile_queue_full"] as const;

export interface DoublingAttack extends Attack {
  carrier: string;
  depth: number;
}

/** One attack: a carrier at a depth, from a sender, as an execution (explained or not) or the free Check. */
export function doublingAttack(
  carrier: Carrier,
  depth: number,
  sender: Sender,
  form: "run" | "explain" | "check",
  state = 3,
): DoublingAttack {
  const { inputs, ...rest } = carrier.content(depth);
  const content = { name: `doubling ${carrier.name}`, inputs: { n: { type: "number", desc: "n?" }, ...inputs }, ...rest };
  const questions = { out: { type: "number", instructions: "out?" } };
  const right = carrier.answer(depth, state);
  const body =
    form === "check"
      ? { content, output: questions }
      : { model: { content, questions }, state: { n: state }, ...(form === "explain" ? { explain: true } : {}) };
  return {
    name: `${carrier.name}, depth ${depth}, ${form}, ${sender}`,
    carrier: carrier.name,
    depth,
    sender,
    method: "POST",
    path: form === "check" ? "/v1/systemtwo/models" : "/v1/systemone",
    body: JSON.stringify(body),
    answer: form === "check" ? (b) => b?.valid === true : (b) => b?.answers?.out?.value === right,
    // the Check is free: a zero-balance key gets it too
    problems: form === "check" ? LIMITS : sender === "broke" ? ["insufficient_balance"] : REFUSALS,
  };
}

/** Random attacks: any carrier, any depth in its range, any sender and form. */
export const doublingAttacks: fc.Arbitrary<DoublingAttack> = fc
  .tuple(
    fc.constantFrom(...CARRIERS),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom<Sender>("funded", "broke"),
    fc.constantFrom<"run" | "explain" | "check">("run", "run", "explain", "check"),
  )
  .map(([carrier, at, sender, form]) => {
    const [low, high] = carrier.depths;
    return doublingAttack(carrier, Math.round(low + at * (high - low)), sender, form);
  });
