// Hostile requests near the body limit (1 MB) whose work grows with their count of keys, questions
// or characters, and small FEEL that builds big values: each must leave the event loop free as the
// small attacks do. A state of 90,000 keys beside the one input, 5,000 questions with no model,
// 500 KB of instructions, FEEL nested 10,000 deep, a string doubled inside a `for`, `string join`
// over 1..10^7.
import { LIMITS, type Attack } from "./attacks.js";

const N_INPUT = { type: "number", desc: "n?" };
const twice = { type: "number", instructions: "twice?" };
const SMALL = { content: { name: "large", inputs: { n: N_INPUT }, decisions: { twice: "n * 2" } }, questions: { twice } };
const many = (count: number, make: (i: number) => [string, unknown]) => Object.fromEntries(Array.from({ length: count }, (_, i) => make(i)));
const answerOf = (body: any, q: string) => body?.answers?.[q]?.value;

const post = (name: string, body: unknown, rest: Pick<Attack, "answer" | "problems">, path = "/v1/systemone"): Attack => ({
  name,
  sender: "funded",
  method: "POST",
  path,
  body: JSON.stringify(body),
  ...rest,
});

function wholeBodies(): Attack[] {
  const keys = many(90_000, (i) => [`k${i}`, 0]);
  const questions = many(5_000, (i) => [`q${i}`, { type: "number", instructions: `q${i}?` }]);
  const long = "Say what the number is, and nothing else. ".repeat(12_000);
  return [
    post(
      "a JSON state of 90,000 keys beside n",
      { model: SMALL, state: { n: 5, ...keys } },
      { answer: (b) => answerOf(b, "twice") === 10, problems: ["evidence_too_large", "invalid_state"] },
    ),
    post(
      "a JSON state of 90,000 keys and no n",
      { model: SMALL, state: keys },
      { problems: ["value_not_established", "evidence_too_large", "invalid_state"] },
    ),
    post(
      "5,000 questions with no model, each answered in the state",
      { questions, state: many(5_000, (i) => [`q${i}`, i]) },
      { answer: (b) => answerOf(b, "q4999") === 4_999, problems: ["model_too_large", "value_not_established", "evidence_too_large"] },
    ),
    post(
      "5,000 questions with no model and an empty state",
      { questions, state: {} },
      { problems: ["model_too_large", "value_not_established"] },
    ),
    post(
      "500 KB of instructions in a model's question",
      { model: { ...SMALL, questions: { twice: { ...twice, instructions: long } } }, state: { n: 5 } },
      { answer: (b) => answerOf(b, "twice") === 10, problems: ["model_too_large", "invalid_model"] },
    ),
    post(
      "500 KB of instructions in a question with no model",
      { questions: { twice: { ...twice, instructions: long } }, state: { twice: 5 } },
      { answer: (b) => answerOf(b, "twice") === 5, problems: ["model_too_large", "invalid_model", "value_not_established"] },
    ),
  ];
}

function smallFeel(): Attack[] {
  const feel = (name: string, expr: string, answer?: (v: unknown) => boolean, problems: readonly string[] = LIMITS) =>
    post(
      name,
      {
        model: {
          content: { name: "large", inputs: { n: N_INPUT }, decisions: { v: expr, out: "count([v])" } },
          questions: { out: { type: "number", instructions: "out?" } },
        },
        state: { n: 1 },
      },
      { answer: answer && ((b) => answerOf(b, "out") === 1 && answer(b.receipt.decisions.v.value)), problems },
    );
  return [
    feel("FEEL ( nested 10,000 deep", `${"(".repeat(10_000)}n${")".repeat(10_000)}`, undefined, ["invalid_model"]),
    feel("FEEL [ nested 10,000 deep", `count(${"[".repeat(10_000)}n${"]".repeat(10_000)})`, undefined, ["invalid_model"]),
    feel("FEEL {a: nested 10,000 deep", `${"{a: ".repeat(10_000)}n${"}".repeat(10_000)}`, undefined, ["invalid_model"]),
    feel(
      "a string doubled inside a for, 40 times",
      'string length((for i in 1..40 return if i = 1 then "ab" else partial[i - 1] + partial[i - 1])[40])',
    ),
    feel("string join over 1..10^7", 'string length(string join(for i in 1..10000000 return "a"))'),
    feel("string join of numbers over 1..10^7", "string length(string join(for i in 1..10000000 return string(i)))"),
  ];
}

/** The attacks of bodies near the size limit and of small FEEL that builds big values. */
export const LARGE_BODIES: readonly Attack[] = [...wholeBodies(), ...smallFeel()];
