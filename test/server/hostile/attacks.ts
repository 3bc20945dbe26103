// Hostile requests, as data: each names who sends it, the request, and what the specification
// allows as its answer (the right 200, or a problem from a short list). The hostile suite sends
// each against the real server; the soak script mixes them with normal traffic.
import { gzipSync } from "node:zlib";

/** Who sends a request: a funded key, a key with a zero balance, or nobody (a public route). */
export type Sender = "funded" | "broke" | "none";

export interface Attack {
  name: string;
  sender: Sender;
  method: "GET" | "POST";
  path: string;
  /** the body exactly as sent */
  body?: string;
  /** more bodies sent at the same moment as `body`, each on its own connection (a burst) */
  others?: readonly string[];
  /** the body's bytes when they are not its UTF-8 (another encoding, compressed): sent in place of `body` */
  bytes?: Uint8Array;
  /** headers sent besides the content type and the key */
  headers?: Record<string, string>;
  /** the 200 answers that are right, as a test of the body; absent when no 200 is */
  answer?: (body: any) => boolean;
  /** the problem codes that are right (every one a 4xx) */
  problems: readonly string[];
}

/** What a limit that stops a compile or an evaluation answers: the problems whose detail names the limit. */
export const LIMITS = ["compile_timeout", "compile_memory_exceeded", "evaluation_budget_exceeded", "model_too_large"] as const;

const question = (instructions: string) => ({ type: "number", instructions });
const model = (content: Record<string, unknown>, questions: Record<string, unknown>) => ({
  content: { name: "hostile", ...content },
  questions,
});
const post = (name: string, sender: Sender, body: unknown, rest: Pick<Attack, "answer" | "problems">, path = "/v1/systemone"): Attack => ({
  name,
  sender,
  method: "POST",
  path,
  body: typeof body === "string" ? body : JSON.stringify(body),
  ...rest,
});
const answerOf = (body: any, q: string) => body?.answers?.[q]?.value;

/** A FIRST table of `rows` rules `<= 1`, `<= 2`, … (or the cells `cell` writes) and an else row: n up to `rows` falls in the row of its ceiling. */
function firstTable(rows: number, cell = (i: number) => `<= ${i}`) {
  const table: string[][] = [["n", "=> number"]];
  for (let i = 1; i <= rows; i++) table.push([cell(i), String(i)]);
  table.push(["-", "0"]);
  return model(
    { inputs: { n: { type: "number", desc: "n?" } }, decisions: { band: { hit: "FIRST", table } } },
    { band: question("band?") },
  );
}

/** `decisions` decisions, each the one before plus 1: the last is n + decisions - 1. */
function decisionChain(decisions: number) {
  const name = (i: number) => `x${i.toString(36)}`;
  const chain: Record<string, string> = { [name(0)]: "n" };
  for (let i = 1; i < decisions; i++) chain[name(i)] = `${name(i - 1)}+1`;
  return { content: { name: "chain", inputs: { n: { type: "number", desc: "n?" } }, decisions: chain }, output: {} };
}

/** Where a value goes that JSON.stringify cannot write (it overflows the stack on deep nesting). */
const DEEP = "@deep@";

/** The JSON text of `body` with `depth` nested one-element arrays around 1 in place of each DEEP. */
const withDeep = (body: unknown, depth: number): string =>
  JSON.stringify(body).replaceAll(JSON.stringify(DEEP), `${"[".repeat(depth)}1${"]".repeat(depth)}`);

const SMALL = model({ inputs: { n: { type: "number", desc: "n?" } }, decisions: { twice: "n * 2" } }, { twice: question("twice?") });

const normalRequest = (n: number) => ({ model: SMALL, state: { n } });

/** A normal call from the funded key: the small model on a matching state, answered 2n. */
export const normalCall = (n: number): Attack =>
  post("a normal call", "funded", normalRequest(n), { answer: (b) => answerOf(b, "twice") === 2 * n, problems: [] });

/** The most rows a table attack's body holds under 64 KB, the size the event-loop target speaks of. */
function rowsUnder64Kb(): number {
  let rows = 1_000;
  while (JSON.stringify({ model: firstTable(rows + 100), state: { n: rows + 100 } }).length < 64 * 1024) rows += 100;
  return rows;
}

function tables(): Attack[] {
  return [rowsUnder64Kb(), 10_000].flatMap((rows) => {
    const body = { model: firstTable(rows), state: { n: rows - 0.5 } };
    return [
      post(`a ${rows}-row FIRST table of <= n, from a zero-balance key`, "broke", body, { problems: ["insufficient_balance"] }),
      post(`a ${rows}-row FIRST table of <= n, from a funded key`, "funded", body, {
        answer: (b) => answerOf(b, "band") === rows,
        problems: LIMITS,
      }),
    ];
  });
}

function evaluation(): Attack[] {
  const doubling: Record<string, string> = { s0: "[1]" };
  for (let i = 1; i <= 23; i++) doubling[`s${i}`] = `concatenate(s${i - 1}, s${i - 1})`;
  doubling.size = "count(s23)";
  const operators = Array.from({ length: 8_001 }, () => "n").join(" + ");
  const recursion = {
    functions: { depth: { params: { k: "number" }, returns: "number", body: "if k <= 0 then 0 else 1 + depth(k - 1)" } },
    decisions: { deep: "depth(n)" },
  };
  return [
    post(
      "a concatenate doubling chain s0..s23",
      "funded",
      {
        model: model({ inputs: { n: { type: "number", desc: "n?" } }, decisions: doubling }, { size: question("size?") }),
        state: { n: 1 },
      },
      {
        answer: (b) => answerOf(b, "size") === 2 ** 23,
        problems: LIMITS,
      },
    ),
    post(
      'matches(t, "(a|aa)+$") on 40 a and "!"',
      "funded",
      {
        model: model(
          { inputs: { t: { type: "string", desc: "t?" } }, decisions: { hit: 'matches(t, "(a|aa)+$")' } },
          { hit: { type: "noul", instructions: "hit?", criteria: { true: "yes", false: "no" } } },
        ),
        state: { t: `${"a".repeat(40)}!` },
      },
      { answer: (b) => answerOf(b, "hit") === false, problems: LIMITS },
    ),
    post(
      "a chain of 8,000 + operators",
      "funded",
      {
        model: model({ inputs: { n: { type: "number", desc: "n?" } }, decisions: { sum: operators } }, { sum: question("sum?") }),
        state: { n: 1 },
      },
      {
        answer: (b) => answerOf(b, "sum") === 8_001,
        problems: [...LIMITS, "invalid_model"],
      },
    ),
    post(
      "recursion 2,000 deep in a function",
      "funded",
      { model: model({ inputs: { n: { type: "number", desc: "n?" } }, ...recursion }, { deep: question("deep?") }), state: { n: 2_000 } },
      {
        answer: (b) => answerOf(b, "deep") === 2_000,
        problems: LIMITS,
      },
    ),
  ];
}

function shapes(): Attack[] {
  // refused as the body is parsed, naming the JSON path and the limit
  const NESTING = ["json_too_deep"];
  return [
    post("JSON nested 5,000 deep in the state", "funded", withDeep({ ...normalRequest(1), state: { n: DEEP } }, 5_000), {
      problems: NESTING,
    }),
    post(
      "JSON nested 5,000 deep in the model",
      "funded",
      withDeep({ model: { ...SMALL, content: { ...SMALL.content, deep: DEEP } }, state: { n: 1 } }, 5_000),
      { problems: NESTING },
    ),
    post(
      "JSON nested 5,000 deep in the questions",
      "funded",
      withDeep({ model: { ...SMALL, questions: { twice: { ...question("twice?"), deep: DEEP } } }, state: { n: 1 } }, 5_000),
      { problems: NESTING },
    ),
    post(
      "JSON nested 5,000 deep in an input type",
      "funded",
      withDeep({ model: { ...SMALL, content: { ...SMALL.content, inputs: { n: { type: DEEP, desc: "n?" } } } }, state: { n: 1 } }, 5_000),
      { problems: NESTING },
    ),
    post("a lone surrogate \\ud800 in the body", "funded", JSON.stringify(normalRequest(1)).replace('"n":1', '"n":1,"note":"\\ud800"'), {
      problems: ["invalid_text"],
    }),
    post("1e999999 in the state", "funded", JSON.stringify(normalRequest(1)).replace('"n":1', '"n":1e999999'), {
      problems: ["invalid_request", "invalid_state", "malformed_json"],
    }),
    post(
      "a decision whose value is a lone-surrogate string",
      "funded",
      {
        model: model(
          { inputs: { n: { type: "number", desc: "n?" } }, decisions: { text: '"\\ud800"', twice: "n * 2" } },
          { twice: question("twice?") },
        ),
        state: { n: 1 },
      },
      {
        answer: (b) => answerOf(b, "twice") === 2 && !/\p{Cs}/u.test(JSON.stringify(b.receipt.decisions.text.value)),
        problems: ["invalid_model", "value_not_established", ...LIMITS],
      },
    ),
    post(
      "inputs named constructor and __proto__ missing from the state",
      "funded",
      JSON.stringify({
        model: model(
          {
            inputs: { constructor: { type: "number", desc: "c?" }, extra: { type: "number", desc: "e?" } },
            decisions: { total: "constructor + extra" },
          },
          { total: question("total?") },
        ),
        state: {},
      })
        .replace('"extra"', '"__proto__"')
        .replace('"constructor + extra"', '"constructor + __proto__"'),
      {
        answer: () => false,
        problems: ["value_not_established", "invalid_state", "invalid_model"],
      },
    ),
    { name: "GET /problems/__proto__", sender: "none", method: "GET", path: "/problems/__proto__", problems: ["not_found"] },
    {
      name: "GET /problems/ and a code of 8,000 characters",
      sender: "none",
      method: "GET",
      path: `/problems/${"a".repeat(8_000)}`,
      problems: ["not_found"],
    },
    { name: "GET /problems/%zz (not a URL)", sender: "none", method: "GET", path: "/problems/%zz", problems: ["not_found"] },
    post(
      "250 KB of prose read for one input, under the readers' limit",
      "funded",
      { model: SMALL, state: `${"The weather was fine and nothing else happened that day. ".repeat(4_400)}n is 5.` },
      { answer: (b) => answerOf(b, "twice") === 10, problems: ["value_not_established"] },
    ),
    post(
      "60 KB of prose read for one input",
      "funded",
      { model: SMALL, state: `${"The weather was fine and nothing else happened that day. ".repeat(1_050)}n is 5.` },
      { problems: ["value_not_established"] },
    ),
    post(
      "900 KB of evidence text for the reader",
      "funded",
      { model: SMALL, state: "x ".repeat(450_000) },
      { problems: ["evidence_too_large"] },
    ),
    ...tokenCounting(),
    ...adversarialProse(),
  ];
}

/**
 * Evidence written against the readers rather than for them: short texts (most under the 16 KB the
 * event loop once read itself) whose words or lines make the readers' patterns take time growing
 * with the square or the cube of their length — a link pattern over one 16,000-character word held
 * the event loop 7 minutes, 2,000 characters of "$1" half a second. Each ends by stating n. The
 * texts near the readers' limit are read off the event loop, and must be read within the compile
 * time limit, not stopped by it: each once held the read worker for minutes.
 */
function adversarialProse(): Attack[] {
  const repeat = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
  const rightOrUnread = { answer: (b: any) => answerOf(b, "twice") === 10, problems: ["value_not_established", ...LIMITS] };
  const texts: [string, string, number][] = [
    ["http://", "http://", 16_000],
    ["$1", "$1", 2_000],
    ["dashes", "-", 8_000],
    ["Aa", "Aa", 16_000],
    ["1,", "1,", 4_000],
    // near the readers' limit: each once took the square of its length in a read (compile_timeout)
    ["quoted blank lines (>)", ">\n", 250_000],
    ["amounts 1, (one sentence)", "1, ", 250_000],
    ["blanks (one line)", " ", 250_000],
    // Arabic-Indic digits are read as digits, and a run of them with no unit once took the cube of
    // its length in the glossing of numbers with units (20,000 of them: about 15 minutes)
    ["Arabic-Indic digits", "٣", 20_000],
  ];
  const inTime = { ...rightOrUnread, problems: ["value_not_established"] };
  return [
    ...texts.map(([what, unit, chars]) =>
      post(
        `${chars.toLocaleString("en")} characters of ${what} as evidence, then n`,
        "funded",
        { model: SMALL, state: `${repeat(unit, chars)} n is 5.` },
        chars > 16_000 ? inTime : rightOrUnread,
      ),
    ),
    post(
      "a JSON state whose note is 8,000 characters of http://, then n",
      "funded",
      { model: SMALL, state: { note: `${repeat("http://", 8_000)} n is 5.` } },
      rightOrUnread,
    ),
  ];
}

/**
 * 990 KB of CJK text without a break (one pre-token for the tokenizer: counting it whole would
 * take seconds): a key with no money is refused from its balance before anything is counted; a
 * funded key's count runs in slices that leave the event loop free.
 */
function tokenCounting(): Attack[] {
  const cjk = Array.from({ length: 330_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7_919) % 20_000))).join("");
  const body = { model: SMALL, state: cjk };
  return [
    post("990 KB of CJK text from a zero-balance key", "broke", body, { problems: ["insufficient_balance"] }),
    post("990 KB of CJK text from a funded key", "funded", body, { problems: ["evidence_too_large"] }),
  ];
}

/**
 * Bodies that JSON allows but a reader may take two ways, in encodings the server does not read, or
 * with names and counts past what a model needs: each answered as the specification says (a
 * duplicate key is the last one, as JSON.parse reads it; `__proto__` is a name like any other).
 */
function bodies(): Attack[] {
  const small = JSON.stringify(SMALL);
  const N_INPUT = { type: "number", desc: "n?" };
  const twiceIs = (v: number) => (b: any) => answerOf(b, "twice") === v;
  const withContent = (content: Record<string, unknown>) => ({
    model: { ...SMALL, content: { ...SMALL.content, ...content } },
    state: { n: 1 },
  });
  const utf16 = Buffer.from(`\ufeff${JSON.stringify(normalRequest(1))}`, "utf16le");
  const gzip = (text: string) => new Uint8Array(gzipSync(text));
  const many = (count: number, make: (i: number) => [string, unknown]) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => make(i)));
  return [
    post("the key state twice at the top: the last is read", "funded", `{"model":${small},"state":{"n":1},"state":{"n":2}}`, {
      answer: twiceIs(4),
      problems: [],
    }),
    post("the key n twice in the state: the last is read", "funded", `{"model":${small},"state":{"n":1,"n":5}}`, {
      answer: twiceIs(10),
      problems: [],
    }),
    post("__proto__ in the state, beside n", "funded", `{"model":${small},"state":{"n":1,"__proto__":{"n":7}}}`, {
      answer: twiceIs(2),
      problems: [],
    }),
    post("__proto__ at the top, holding a state", "funded", `{"__proto__":{"state":{"n":3}},"model":${small},"state":{"n":1}}`, {
      answer: twiceIs(2),
      problems: [],
    }),
    post(
      "constructor and __proto__ keys in the model's content",
      "funded",
      JSON.stringify(withContent({ constructor: { a: 1 }, prototypeKey: { b: 2 } })).replace('"prototypeKey"', '"__proto__"'),
      { answer: twiceIs(2), problems: ["invalid_model"] },
    ),
    post(
      "a decision named __proto__",
      "funded",
      JSON.stringify(withContent({ decisions: { twice: "n * 2", prototypeKey: "1" } })).replace('"prototypeKey"', '"__proto__"'),
      { answer: twiceIs(2), problems: ["invalid_model"] },
    ),
    post(
      "a question named __proto__",
      "funded",
      JSON.stringify({ model: { ...SMALL, questions: { ...SMALL.questions, prototypeKey: question("p?") } }, state: { n: 1 } }).replace(
        '"prototypeKey"',
        '"__proto__"',
      ),
      { problems: ["invalid_model"] },
    ),
    post("1e-400 in the state (below the smallest double)", "funded", `{"model":${small},"state":{"n":1e-400}}`, {
      problems: ["invalid_request"],
    }),
    post("0. and 400 zeros then 1 in the state", "funded", `{"model":${small},"state":{"n":0.${"0".repeat(400)}1}}`, {
      problems: ["invalid_request"],
    }),
    post("1e-400 inside a string of the state is only text", "funded", `{"model":${small},"state":{"n":3,"note":"1e-400"}}`, {
      answer: twiceIs(6),
      problems: [],
    }),
    post("-0 in the state", "funded", `{"model":${small},"state":{"n":-0}}`, { answer: twiceIs(0), problems: [] }),
    post("a 400-digit integer in the state (beyond the largest double)", "funded", `{"model":${small},"state":{"n":${"9".repeat(400)}}}`, {
      problems: ["invalid_request"],
    }),
    post("1e400 in the state", "funded", `{"model":${small},"state":{"n":-1e400}}`, { problems: ["invalid_request"] }),
    post("a 400-digit integer literal in the model", "funded", withContent({ decisions: { twice: `n * ${"9".repeat(400)}` } }), {
      answer: (b) => /^10{400}$/.test(String(answerOf(b, "twice"))),
      problems: ["invalid_model"],
    }),
    post("a byte-order mark before the JSON", "funded", `\ufeff${JSON.stringify(normalRequest(1))}`, {
      answer: twiceIs(2),
      problems: ["malformed_json"],
    }),
    { ...post("the body in UTF-16", "funded", "", { problems: ["invalid_text"] }), bytes: utf16 },
    post("valid JSON followed by garbage", "funded", `${JSON.stringify(normalRequest(1))}garbage`, { problems: ["malformed_json"] }),
    post("two JSON bodies one after the other", "funded", JSON.stringify(normalRequest(1)).repeat(2), { problems: ["malformed_json"] }),
    {
      ...post("the body gzip-compressed", "funded", "", { problems: ["unsupported_media_type"] }),
      bytes: gzip(JSON.stringify(normalRequest(1))),
      headers: { "content-encoding": "gzip" },
    },
    {
      ...post("a gzip bomb: 50 MB of spaces in 50 KB", "funded", "", { problems: ["unsupported_media_type"] }),
      bytes: gzip(" ".repeat(50_000_000)),
      headers: { "content-encoding": "gzip" },
    },
    post(
      "an input whose name is 64 KB long",
      "funded",
      withContent({ inputs: { n: N_INPUT, ["i".repeat(65_536)]: { type: "number", desc: "i?" } } }),
      {
        problems: ["value_not_established", "invalid_state", "invalid_model", "model_too_large"],
      },
    ),
    post("a decision whose name is 64 KB long", "funded", withContent({ decisions: { twice: "n * 2", ["d".repeat(65_536)]: "1" } }), {
      answer: twiceIs(2),
      problems: ["invalid_model", "model_too_large"],
    }),
    post(
      "10,000 inputs",
      "funded",
      withContent({ inputs: { n: N_INPUT, ...many(10_000, (i) => [`i${i}`, { type: "number", desc: "i?" }]) } }),
      {
        problems: ["model_too_large", "value_not_established", "invalid_state"],
      },
    ),
    post(
      "10,000 questions, each on its own decision",
      "funded",
      {
        model: {
          content: { ...SMALL.content, decisions: many(10_000, (i) => [`q${i}`, "n"]) },
          questions: many(10_000, (i) => [`q${i}`, question("q?")]),
        },
        state: { n: 1 },
      },
      { answer: (b) => answerOf(b, "q9999") === 1, problems: ["model_too_large"] },
    ),
    post(
      "questions naming each other as their choices and criteria",
      "funded",
      {
        model: {
          ...SMALL,
          questions: {
            twice: question("twice?"),
            loop: { type: "choice", instructions: "loop?", choices: ["twice", "loop"], criteria: { twice: "loop", loop: "twice" } },
          },
        },
        state: { n: 1 },
      },
      { problems: ["invalid_model"] },
    ),
  ];
}

/**
 * Requests whose answer costs far more than their size: a misspelling sought for a long state key
 * among long input names, or for tens of thousands of keys among thousands of inputs (each an edit
 * distance, on the event loop); a JSON state of many keys, or a long text, read for thousands of
 * inputs (the embedded readers weigh the evidence for each input); a diagnostic per reference in one long expression, each carrying
 * the expression (a Check of 240 KB answered 29 MB, sent from the worker to the event loop and on
 * to the client); a receipt built in a worker past the answer limit, and its explanation; a list of
 * 200,000 items as the state (it was checked against the input schema before its size was refused); a
 * Check of 5,000 unknown names, each sought a suggestion among 5,000 names (past the compile time limit).
 */
function amplifiers(): Attack[] {
  const N_INPUT = { type: "number", desc: "n?" };
  const named = (inputs: Record<string, unknown>, decisions: Record<string, unknown> = { twice: "n * 2" }) =>
    model({ inputs: { n: N_INPUT, ...inputs }, decisions }, { twice: question("twice?") });
  const longName = "x".repeat(2_000);
  const references = Array.from({ length: 120 }, () => longName).join(" + ");
  const inputs = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`in${i}`, N_INPUT]));
  const keys = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`ix${i}`, 1]));
  // 300,000 numbers of six or seven digits: past the event loop's share, a receipt of 2 MB in a worker
  // each diagnostic of a rule was once answered (8,000 of them, 1.8 MB), and the rules with an
  // error counted again for each rule (a cell that does not parse in each took 6-8 s of a worker)
  const wrongCells = [
    ["a cell that does not parse", (i: number) => `<= (${i}`],
    ["a string cell in a number column", (i: number) => `"x${i}"`],
  ] as const;
  const listed = (explain: boolean) => ({
    model: model({ inputs: { k: N_INPUT }, decisions: { list: "for i in 1..k return i", twice: "k * 2" } }, { twice: question("twice?") }),
    state: { k: 300_000 },
    explain,
  });
  return [
    post(
      "a state key of 20,000 characters beside a missing input named with 20,000",
      "funded",
      { model: named({ ["i".repeat(20_000)]: N_INPUT }), state: { n: 1, ["k".repeat(20_000)]: 1 } },
      { problems: ["value_not_established"] },
    ),
    post(
      "10,000 state keys beside 1,000 missing inputs",
      "funded",
      { model: named(inputs), state: { n: 1, ...keys } },
      {
        problems: ["value_not_established", "evidence_too_large"],
      },
    ),
    post(
      "200 KB of text read for 1,000 inputs",
      "funded",
      { model: named(inputs), state: "the input in7 is 12 and n is 5. ".repeat(6_400) },
      {
        problems: ["value_not_established", "evidence_too_large"],
      },
    ),
    post(
      "a request field named with 500,000 characters",
      "funded",
      { ...normalRequest(3), ["f".repeat(500_000)]: 1 },
      {
        answer: (b) => answerOf(b, "twice") === 6,
        problems: [],
      },
    ),
    post(
      "a Check of 120 references to an unknown 2,000-character name",
      "funded",
      { content: named({}, { twice: references }).content },
      { answer: (b) => b?.valid === false && JSON.stringify(b).length < 2 * references.length, problems: [] },
      "/v1/systemtwo/models",
    ),
    post(
      "a run of 120 references to an unknown 2,000-character name",
      "funded",
      { model: named({}, { twice: references }), state: { n: 1 } },
      {
        problems: ["invalid_model"],
      },
    ),
    post("a list of 300,000 numbers in a worker", "funded", listed(false), { problems: ["answer_too_large", ...LIMITS] }),
    post("a list of 300,000 numbers in a worker, explained", "funded", listed(true), { problems: ["answer_too_large", ...LIMITS] }),
    post(
      "a Check of 5,000 decisions each naming an unknown name",
      "funded",
      { content: named({}, Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`d${i}`, `zz${i} + 1`]))).content },
      { answer: (b) => b?.valid === false, problems: LIMITS },
      "/v1/systemtwo/models",
    ),
    ...wrongCells.map(([what, cell]) =>
      post(
        `a Check of an 8,000-rule table, ${what} in each rule`,
        "funded",
        { content: firstTable(8_000, cell).content },
        {
          answer: (b) => b?.valid === false && b.stages.flatMap((s: any) => s.diagnostics).length <= 25,
          problems: LIMITS,
        },
        "/v1/systemtwo/models",
      ),
    ),
    post(
      "a list of 200,000 items as the state",
      "funded",
      { model: SMALL, state: Array.from({ length: 200_000 }, (_, i) => i % 10) },
      { problems: ["evidence_too_large"] },
    ),
  ];
}

/**
 * Values past the largest decimal (about 10^6145): a duration of 100,000 nines of days, a quotient
 * of durations past it, a date moved by a duration whose nanoseconds are past it. Each is null with
 * its problem, not the text "Infinity" (the days of the first were answered "Infinity") nor an
 * exception from the nanosecond arithmetic.
 */
function unrepresentable(): Attack[] {
  const asked = (decision: string, d: string): unknown => ({
    model: model({ inputs: { d: { type: "string", desc: "d?" } }, decisions: { days: decision } }, { days: question("days?") }),
    state: { d },
  });
  const huge = `P${"9".repeat(6_140)}D`;
  const notEstablished = { problems: ["value_not_established"] };
  return [
    post(
      "the days of a duration of 100,000 nines of days",
      "funded",
      asked("duration(d).days", `P${"9".repeat(100_000)}D`),
      notEstablished,
    ),
    post(
      "a duration of 6,140 nines of days divided by a nanosecond",
      "funded",
      asked('duration(d) / duration("PT0.000000001S")', huge),
      notEstablished,
    ),
    post(
      "the year of a date moved by a duration of 6,140 nines of days times 10^11",
      "funded",
      asked('(date("2020-01-01") + duration(d) * 100000000000).year', huge),
      notEstablished,
    ),
  ];
}

/**
 * Built-ins given pathological arguments inside the model: positions far outside a string, a
 * pattern that matches the empty string, flags that are not flags, a group number of eleven
 * digits, years of nine and twenty digits, numbers of 50,000 characters to read, lists of a million
 * items made inside the model for list functions, seven nested `for`s, a range to 1e300. Each
 * answers its value (null with a problem where FEEL says so) or stops at a limit.
 */
function builtinArguments(): Attack[] {
  const feel = (name: string, expr: string, t: string, answer?: (v: unknown) => boolean, problems: readonly string[] = LIMITS) =>
    post(
      name,
      "funded",
      {
        model: model(
          { inputs: { t: { type: "string", desc: "t?" } }, decisions: { v: expr, out: "count([v])" } },
          { out: question("out?") },
        ),
        state: { t },
      },
      { answer: answer && ((b) => answerOf(b, "out") === 1 && answer(b.receipt.decisions.v.value)), problems },
    );
  const is = (expected: unknown) => (v: unknown) => v === expected;
  const aString = "abc";
  return [
    feel("substring from position 10^9", "substring(t, 1000000000)", aString, is(null)),
    feel("substring from -10^9 for 10^9", "substring(t, -1000000000, 1000000000)", aString, is(null)),
    feel("substring of length 1e300", "substring(t, 1, 1e300)", aString, is(null)),
    feel("the first code point of an emoji and a letter", "string length(substring(t, 1, 1))", "\u{1f600}x", is(1)),
    feel(
      "replace with a pattern matching the empty string, 20,000 times",
      'replace(string join(for i in 1..20000 return "a"), "", "bbbbbbbbbb")',
      aString,
      is(null),
    ),
    feel("replace with flags that are not flags", 'replace(t, "a", "b", "ixsmqgyuvd")', aString, undefined, ["invalid_model"]),
    feel("replace with group $99999999999 of a pattern of one group", 'replace(t, "(a)", "$99999999999")', aString, is("9999999999bc")),
    feel('matches(t, "(a*)*$") on 28 a and "!"', 'matches(t, "(a*)*$")', `${"a".repeat(28)}!`, is(true)),
    feel("matches a back-reference over 10,000 characters", 'matches(t, "^(\\w+)\\1+$")', "ab".repeat(5_000), is(true)),
    // RE2 compiles a pattern in one call, copying counted repetitions out, up to 1.4 million instructions of its own bound
    feel("a pattern of 11 KB from the state, (?:a{1000}) 1,000 times", 'matches("aaaa", t)', "(?:a{1000})".repeat(1_000), is(null)),
    feel(
      "a pattern of 9.7 KB from the state, a{1000} 1,390 times (RE2's own bound)",
      'matches("aaaa", t)',
      "a{1000}".repeat(1_390),
      is(null),
    ),
    feel("[ab]{0,1000}[cd] over 50,000 characters from the state", 'matches(t, "[ab]{0,1000}[cd]")', "a".repeat(50_000)),
    feel("split on [ab]{0,1000}[cd] over 50,000 characters from the state", 'count(split(t, "[ab]{0,1000}[cd]"))', "a".repeat(50_000)),
    feel(
      "200 distinct patterns of 4,000 instructions from the state",
      'count(for i in 1..200 return matches("x", t + string(i)))',
      "\\p{L}{1000}".repeat(4),
    ),
    feel("a date of year 999,999,999", 'date("999999999-01-01")', aString, is("999999999-01-01")),
    feel(
      "a date and time of year 999,999,999 plus 999,999,999 years",
      'date and time("999999999-12-31T23:59:59") + duration("P999999999Y")',
      aString,
      is(null),
    ),
    feel("a date of a 20-digit year", 'date("99999999999999999999-01-01")', aString, undefined, ["invalid_model"]),
    feel("number() of 50,000 characters of grouping", 'number(t, ",", ".")', `${"1,".repeat(25_000)}1`, is(null)),
    feel("number() of 60,000 digits", "number(t)", "9".repeat(60_000), is(null)),
    feel("number() of 1e1000000000", "number(t)", "1e1000000000", is(null)),
    feel("10 ** 999999999", "10 ** 999999999", aString, is(null)),
    feel("decimal() to 10^9 places", "decimal(1/3, 1000000000)", aString, is(null)),
    feel("a for over 1e30..1e30+5", "count(for i in 1e30..1e30+5 return i)", aString, is(6)),
    feel("a for over 1..1e300", "count(for i in 1..1e300 return i)", aString),
    feel("count of a list of 10^7 made in the model", "count(for i in 1..10000000 return i)", aString),
    feel("mode of 300,000 distinct numbers", "count(mode(for i in 1..300000 return i))", aString),
    feel("index of in a list of 10^6", "count(index of(for i in 1..1000000 return 1, 1))", aString),
    feel("list replace in a list of 10^6", "count(list replace(for i in 1..1000000 return i, 1, 0))", aString),
    feel("upper case of 1,000,000 characters", 'string length(upper case(string join(for i in 1..500000 return "ab")))', aString),
    feel("context put at a path of 100,000 keys", 'context put({}, for i in 1..100000 return "k" + string(i), 1)', aString, is(null)),
    feel(
      "seven nested for of ten each",
      "count(for a in 1..10, b in 1..10, c in 1..10, d in 1..10, e in 1..10, f in 1..10, g in 1..10 return 1)",
      aString,
    ),
  ];
}

/**
 * Numbers of the state at the edges of what JSON.parse reads, and the request's edges: content
 * types that are not JSON or carry 8 KB of parameters, a query string of 1,500 parameters or of
 * 500 `__proto__`, a path that climbs out of the page's files, a bearer token of 7 KB, a request
 * id of 7 KB.
 */
function requestEdges(): Attack[] {
  const small = JSON.stringify(SMALL);
  const call = JSON.stringify(normalRequest(1));
  const twiceIs = (v: number) => (b: any) => answerOf(b, "twice") === v;
  const get = (name: string, path: string, problems: readonly string[], headers?: Record<string, string>): Attack => ({
    name,
    sender: "none",
    method: "GET",
    path,
    problems,
    headers,
    answer: problems.length === 0 ? (b) => b !== null && typeof b === "object" : undefined,
  });
  const typed = (type: string, rest: Pick<Attack, "answer" | "problems">): Attack => ({
    ...post(`Content-Type: ${type.length > 60 ? `${type.slice(0, 30)}… (${type.length} characters)` : type}`, "funded", call, rest),
    headers: { "content-type": type },
  });
  const notJson = { problems: ["unsupported_media_type"] };
  return [
    post("1. and 60,000 digits in the state", "funded", `{"model":${small},"state":{"n":1.${"3".repeat(60_000)}}}`, {
      answer: (b) => Math.abs(answerOf(b, "twice") - 8 / 3) < 1e-12,
      problems: ["invalid_request"],
    }),
    post("1e1000000000 in the state", "funded", `{"model":${small},"state":{"n":1e1000000000}}`, { problems: ["invalid_request"] }),
    post("an exponent of 60,000 digits in the state", "funded", `{"model":${small},"state":{"n":1e${"9".repeat(60_000)}}}`, {
      problems: ["invalid_request"],
    }),
    post(
      "20,000 numbers 1.5 beside n in the state",
      "funded",
      `{"model":${small},"state":{"n":1,"xs":[${Array(20_000).fill("1.5").join(",")}]}}`,
      {
        answer: twiceIs(2),
        problems: ["evidence_too_large"],
      },
    ),
    typed("text/plain", notJson),
    typed("application/x-www-form-urlencoded", notJson),
    typed("multipart/form-data; boundary=x", notJson),
    typed("application/json; charset=utf-16", { answer: twiceIs(2), problems: ["unsupported_media_type", "invalid_text"] }),
    typed(`application/json; ${"a=b; ".repeat(1_300)}`, { answer: twiceIs(2), problems: ["unsupported_media_type"] }),
    get("GET /healthz and 1,500 query parameters", `/healthz?${"a=1&".repeat(1_500)}`, []),
    {
      ...post("a paid call and 500 __proto__ query parameters", "funded", call, { answer: twiceIs(2), problems: [] }),
      path: `/v1/systemone?${"__proto__=1&".repeat(500)}`,
    },
    get("GET /assets/ climbing out of the page", "/assets/..%2f..%2fpackage.json", ["not_found"]),
    get("GET /assets/ and a name of 7,000 characters", `/assets/${"a".repeat(7_000)}.js`, ["not_found"]),
    get("GET /v1/keys with a bearer token of 7 KB", "/v1/keys", [], { authorization: `Bearer ${"k".repeat(7_000)}` }),
    {
      ...post("a paid call with a request id of 7 KB", "funded", call, { answer: twiceIs(2), problems: [] }),
      headers: { "x-request-id": "r".repeat(7_000) },
    },
  ];
}

/**
 * Bursts: 60 distinct models sent at once, each small, for the free Check and for a paid call. The
 * bodies arrive in one turn of the event loop; each must be read in a later one when the turn's
 * share is spent (a compile worker's queue full is a right answer: 16 wait per worker).
 */
function bursts(): Attack[] {
  const BURST = 60;
  const content = (i: number) => {
    const decisions: Record<string, string> = { d0: `n * ${i + 1}` };
    for (let d = 1; d < 20; d++) decisions[`d${d}`] = `d${d - 1} + ${d} * n`;
    return { name: `burst${i}`, inputs: { n: { type: "number", desc: "n?" } }, decisions };
  };
  // d19 = n·(i + 1) + n·(1 + 2 + … + 19) = n·(i + 191); every reply is checked against its own i by the one the bench reports
  const burst = (name: string, sender: Sender, path: string, body: (i: number) => unknown, answer: Attack["answer"]): Attack => {
    const [first, ...others] = Array.from({ length: BURST }, (_, i) => JSON.stringify(body(i)));
    return { name, sender, method: "POST", path, body: first, others, answer, problems: ["compile_queue_full"] };
  };
  return [
    burst(
      `${BURST} distinct models checked at once`,
      "broke",
      "/v1/systemtwo/models",
      (i) => ({ content: content(i), output: {} }),
      (b) => b?.valid === true,
    ),
    burst(
      `${BURST} distinct models called at once`,
      "funded",
      "/v1/systemone",
      (i) => ({ model: { content: content(i), questions: { d19: question("d19?") } }, state: { n: 1 } }),
      (b) => Number.isInteger(answerOf(b, "d19")) && answerOf(b, "d19") >= 191 && answerOf(b, "d19") < 191 + BURST,
    ),
  ];
}

/**
 * FEEL nested far past the parser's depth in every place an expression goes (a decision, a table's
 * output cell and input entry, a function's body) through a paid call and the free Check, each
 * under 64 KB: parentheses, list brackets, `if` chains, `not(` calls and unary minus. A paid call is
 * refused as an invalid model; the Check answers that the model is not valid. Huge integer
 * literals and 60,000-character strings in table cells besides.
 */
function deepFeel(): Attack[] {
  const nests: [string, (x: string) => string][] = [
    ["( 30,000 deep", (x) => `${"(".repeat(30_000)}${x}${")".repeat(30_000)}`],
    ["[ 30,000 deep", (x) => `count(${"[".repeat(30_000)}${x}${"]".repeat(30_000)})`],
    ["if 2,000 deep", (x) => `${`if ${x} > 0 then `.repeat(2_000)}1${" else 0".repeat(2_000)}`],
    ["not( 10,000 deep", (x) => `if ${"not(".repeat(10_000)}${x} > 0${")".repeat(10_000)} then 1 else 0`],
    ["unary minus 50,000 deep", (x) => `${"-".repeat(50_000)}${x}`],
    ["a 60,000-digit integer", (x) => `${x} + ${"9".repeat(60_000)}`],
  ];
  const places: [string, (e: (x: string) => string) => Record<string, unknown>][] = [
    ["a decision", (e) => ({ decisions: { v: e("n") } })],
    [
      "a table's output cell",
      (e) => ({
        decisions: {
          v: {
            hit: "FIRST",
            table: [
              ["n", "=> number"],
              ["-", e("n")],
            ],
          },
        },
      }),
    ],
    [
      "a table's input entry",
      (e) => ({
        decisions: {
          v: {
            hit: "FIRST",
            table: [
              ["n", "=> number"],
              [e("?"), "1"],
              ["-", "0"],
            ],
          },
        },
      }),
    ],
    [
      "a function's body",
      (e) => ({ functions: { f: { params: { x: "number" }, returns: "number", body: e("x") } }, decisions: { v: "f(n)" } }),
    ],
  ];
  const inputs = { n: { type: "number", desc: "n?" } };
  return nests.flatMap(([nest, e]) =>
    places.flatMap(([place, content]) => [
      post(
        `FEEL nested: ${nest} in ${place}`,
        "funded",
        { model: model({ inputs, ...content(e) }, { v: question("v?") }), state: { n: 1 } },
        {
          problems: ["invalid_model"],
        },
      ),
      post(
        `FEEL nested: ${nest} in ${place}, checked`,
        "broke",
        { content: { name: "hostile", inputs, ...content(e) }, output: {} },
        { answer: (b) => b?.valid === false, problems: [] },
        "/v1/systemtwo/models",
      ),
    ]),
  );
}

/** The attacks of issue 17 against the compiler, the runtime and the request boundary, and the bodies of its follow-up. */
export const ATTACKS: readonly Attack[] = [
  ...tables(),
  ...evaluation(),
  ...shapes(),
  ...bodies(),
  ...amplifiers(),
  ...unrepresentable(),
  ...builtinArguments(),
  ...requestEdges(),
  ...bursts(),
  ...deepFeel(),
];

/** The free Check of a 14,000-decision chain: sent twice, the second answered from the Check cache. */
export const CHAIN_CHECK = { path: "/v1/systemtwo/models", body: JSON.stringify(decisionChain(14_000)) };
