// A model as a language-model generator writes it (the wire format of providers/llm-generator.ts):
// two inputs, a boolean decision and a small table, with a question for each. Scripted as the fake
// provider's answer by the tests of drafting and of questions-only calls.
export const WIRE = {
  name: "adults",
  types: [],
  inputs: [
    { name: "age", type: "number [0..120]", desc: "How old is the person?", options: [], from: null, threshold: null, blank: false },
    { name: "member", type: "boolean", desc: "Is the person a member?", options: [], from: null, threshold: null, blank: false },
  ],
  decisions: [
    { name: "adult", type: "boolean", desc: null, let: [], expr: "age >= 18", table: null },
    {
      name: "fee",
      type: "number",
      desc: null,
      let: [],
      expr: null,
      table: [
        ["member", "=> number"],
        ["true", "0"],
        ["-", "10"],
      ],
    },
  ],
  functions: [],
  questions: [
    {
      id: "adult",
      type: "noul",
      instructions: "Is the person an adult?",
      criteria: { true: "18 or older", false: null },
      options: null,
      levels: null,
      range: null,
    },
    { id: "fee", type: "number", instructions: "What is the fee?", criteria: null, options: null, levels: null, range: null },
  ],
};
