// Hostile requests near the body limit (1 MB) whose work grows with their count of keys, questions
// or characters, and small FEEL that builds big values: each must leave the event loop free as the
// small attacks do. A state of 90,000 keys beside the one input, 5,000 questions with no model,
// 500 KB of instructions, FEEL nested 10,000 deep, a string doubled inside a `for`, `string join`
// over 1..10^7.
import { LIMITS, type Attack } from "./attacks.js";

const N_INPUT = { type: "number", desc: "n?" };
const twice = { type: "number", instructions: "twice?" };
const SMALL = { content: { name: "large", inputs: { n: N_INPUT }, decisions: { twice: "n * 2" } }, questions: { twice } };
const many = (count: number, make: (i: number) => [string, unknown]) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => make(i)));
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

function probes(): Attack[] {
  const feel = (name: string, expr: string, t: string, answer?: (v: unknown) => boolean, problems: readonly string[] = LIMITS) =>
    post(
      name,
      {
        model: {
          content: { name: "large", inputs: { t: { type: "string", desc: "t?" } }, decisions: { v: expr, out: "count([v])" } },
          questions: { out: { type: "number", instructions: "out?" } },
        },
        state: { t },
      },
      { answer: answer && ((b) => answerOf(b, "out") === 1 && answer(b.receipt.decisions.v.value)), problems },
    );
  const bad = `${"a".repeat(40)}!`;
  const is = (expected: unknown) => (v: unknown) => v === expected;
  const enumValues = Array.from({ length: 20_000 }, (_, i) => `v${i}`);
  return [
    feel('split(t, "(a|aa)+$") on 40 a and "!"', 'count(split(t, "(a|aa)+$"))', bad, is(1)),
    feel('replace(t, "(a|aa)+$", "x", "i") on 40 a and "!"', 'replace(t, "(a|aa)+$", "x", "i")', bad, is(bad)),
    feel('matches(t, "^(\\w+\\s?)+$") on 40 a and "!"', 'matches(t, "^(\\w+\\s?)+$")', bad, is(false)),
    feel('matches(t, "^(\\p{L}|a)*$") on 40 a and "!"', 'matches(t, "^(\\p{L}|a)*$")', bad, is(false)),
    feel("upper case of 300,000 ﬃ ligatures", 'string length(upper case(string join(for i in 1..300000 return "ﬃ")))', "x"),
    feel("upper case of 60,000 ﬃ from the state", "string length(upper case(t))", "ﬃ".repeat(60_000), is(180_000)),
    feel(
      "years and months from year -999,999,999 to 999,999,999",
      'years and months duration(date("-999999999-01-01"), date("999999999-12-31"))',
      "x",
      is("P1999999998Y11M"),
    ),
    feel(
      "zoned date-times 2e9 years apart",
      'date and time("999999999-12-31T23:59:59@Pacific/Kiritimati") - date and time("-999999999-01-01T00:00:00@Etc/GMT+12")',
      "x",
      // 730,484,999,634 days from year -999,999,999 to 999,999,999, less a day and two hours and a second between the zones
      is("P730484999632DT21H59M59S"),
    ),
    feel('duration("P999999999Y") * 999999999', 'duration("P999999999Y") * 999999999', "x", is(null), ["value_not_established", ...LIMITS]),
    feel("a 900 KB string compared with itself", "t = t", "x".repeat(900_000), is(true), ["evidence_too_large"]),
    post(
      "an input of a 20,000-value enum, the state's value not among them",
      {
        model: {
          content: {
            name: "large",
            inputs: { c: { type: enumValues.join("|"), desc: "c?" } },
            decisions: { v: 'if c = "v1" then 1 else 0' },
          },
          questions: { v: { type: "number", instructions: "v?" } },
        },
        state: { c: "none of them" },
      },
      { problems: ["invalid_state", "value_not_established", "invalid_model", "model_too_large"] },
    ),
    post(
      "a state key of 900 KB beside n",
      { model: SMALL, state: { n: 5, ["k".repeat(900_000)]: 1 } },
      { answer: (b) => answerOf(b, "twice") === 10, problems: ["evidence_too_large"] },
    ),
    post(
      "30,000 state keys each one letter from an input of 300",
      {
        model: {
          content: { name: "large", inputs: many(300, (i) => [`input number ${i}`, N_INPUT]), decisions: { v: "1" } },
          questions: { v: { type: "number", instructions: "v?" } },
        },
        state: many(30_000, (i) => [`input numbr ${i}`, i]),
      },
      { problems: ["value_not_established", "evidence_too_large", "invalid_state"] },
    ),
    post(
      "a model sent as a string of 5,000 decisions",
      {
        model: JSON.stringify({
          content: { name: "large", inputs: { n: N_INPUT }, decisions: { ...many(5_000, (i) => [`d${i}`, `n + ${i}`]), twice: "n * 2" } },
          questions: { twice },
        }),
        state: { n: 5 },
      },
      { answer: (b) => answerOf(b, "twice") === 10, problems: ["model_too_large", ...LIMITS] },
    ),
    post(
      "a Check of 1,000 inputs each of a 20-value enum",
      {
        content: {
          name: "large",
          inputs: many(1_000, (i) => [`i${i}`, { type: { $enum: Array.from({ length: 20 }, (_, j) => `e${i}_${j}`) }, desc: "?" }]),
          decisions: { v: "1" },
        },
        output: {},
      },
      { answer: (b) => typeof b?.valid === "boolean", problems: ["model_too_large", ...LIMITS] },
      "/v1/systemtwo/models",
    ),
    post(
      "1,000 choice questions of 100 choices each, no model",
      {
        questions: many(1_000, (i) => [
          `q${i}`,
          { type: "choice", instructions: `q${i}?`, choices: Array.from({ length: 100 }, (_, j) => `c${j}`) },
        ]),
        state: many(1_000, (i) => [`q${i}`, "c7"]),
      },
      {
        answer: (b) => answerOf(b, "q999") === "c7",
        problems: ["invalid_model", "model_too_large", "value_not_established", "evidence_too_large"],
      },
    ),
    {
      ...post(
        "POST /playground/save of 900 KB",
        { name: "x", text: "x".repeat(900_000) },
        { problems: ["not_found", "forbidden"] },
        "/playground/save",
      ),
      sender: "none",
    },
  ];
}

/** The attacks of bodies near the size limit and of small FEEL that builds big values. */
export const LARGE_BODIES: readonly Attack[] = [...wholeBodies(), ...smallFeel(), ...probes()];
