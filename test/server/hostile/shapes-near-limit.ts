// Hostile JSON shapes within the body limit that no other list sends, on both operations: 1 MB of
// `[0,0,…]` (500,000 items) in each field of a request, 80,000 fields the schema does not name,
// 60,000 repeats of one key, 1 MB of `\u0000` escapes, and 500,000 items where the Draft's files
// go (each a bad item: one error each took the validator 5 s of CPU and 600 MB before `files` had
// a most). And a Draft's documents: a PDF whose page inflates a thousandfold (read in a compile
// worker, within its limits); it needs a language model configured (`draftEnv`), which is never
// reached, since the document fails first.
import { createServer, type Server } from "node:net";
import { deflateSync } from "node:zlib";
import { LIMITS, type Attack } from "./attacks.js";

const SMALL = {
  content: { name: "shapes", inputs: { n: { type: "number", desc: "n?" } }, decisions: { twice: "n * 2" } },
  questions: { twice: { type: "number", instructions: "twice?" } },
};
const SMALL_TEXT = JSON.stringify(SMALL);
const CONTENT_TEXT = JSON.stringify(SMALL.content);
const answerOf = (body: any, q: string) => body?.answers?.[q]?.value;
const twiceIs = (n: number) => (body: any) => answerOf(body, "twice") === n;
const checked = (body: any) => body?.valid === true;

/** 500,000 zeros as a JSON list: 1 MB. */
const ZEROS = `[${"0,".repeat(499_999)}0]`;
/** 80,000 fields `"k0":0,"k1":0,…` without braces. */
const FIELDS = Array.from({ length: 80_000 }, (_, i) => `"k${i}":0`).join(",");

const post = (name: string, body: string, rest: Pick<Attack, "answer" | "problems">, path = "/v1/systemone"): Attack => ({
  name,
  sender: "funded",
  method: "POST",
  path,
  body,
  ...rest,
});
const refused = ["invalid_request"];

/** Each field of a System One call holding 1 MB of zeros. */
function zerosInEachField(): Attack[] {
  const state = `"state":{"n":4}`;
  return [
    post("500,000 zeros as the state", `{"model":${SMALL_TEXT},"state":${ZEROS}}`, { problems: ["evidence_too_large", "invalid_state"] }),
    post("500,000 zeros as the questions", `{"questions":${ZEROS},${state}}`, { problems: refused }),
    post("500,000 zeros as one question", `{"questions":{"q":${ZEROS}},${state}}`, { problems: ["invalid_model", "model_too_large"] }),
    post("500,000 zeros as explain", `{"model":${SMALL_TEXT},${state},"explain":${ZEROS}}`, { problems: refused }),
    post("500,000 zeros as the mode", `{"model":${SMALL_TEXT},${state},"mode":${ZEROS}}`, { problems: refused }),
    post("500,000 zeros as the model", `{"model":${ZEROS},${state}}`, { problems: refused }),
    post(
      "500,000 zeros as a model's inputs",
      `{"model":{"content":{"name":"z","inputs":${ZEROS},"decisions":{}},"questions":{}},${state}}`,
      {
        problems: ["model_too_large", "invalid_model"],
      },
    ),
    post("500,000 zeros in a field no schema names", `{"model":${SMALL_TEXT},${state},"junk":${ZEROS}}`, {
      answer: twiceIs(8),
      problems: [],
    }),
  ];
}

/** A Check's request with 1 MB of zeros in each of its fields, files among them. */
function zerosInTheCheck(): Attack[] {
  const path = "/v1/systemtwo/models";
  const content = `"content":${CONTENT_TEXT}`;
  return [
    post("500,000 zeros as a Draft's files", `{${content},"files":${ZEROS}}`, { problems: refused }, path),
    post("500,000 zeros as a Check's output", `{${content},"output":${ZEROS}}`, { problems: refused }, path),
    post("500,000 zeros as a Check's state", `{${content},"state":${ZEROS}}`, { answer: checked, problems: [] }, path),
    post("500,000 zeros as a Draft's prompt", `{"prompt":${ZEROS}}`, { problems: refused }, path),
  ];
}

function manyFields(): Attack[] {
  return [
    post("80,000 fields no schema names beside a call", `{"model":${SMALL_TEXT},"state":{"n":4},${FIELDS}}`, {
      answer: twiceIs(8),
      problems: [],
    }),
    post(
      "80,000 unknown keys in a question",
      `{"model":{"content":${CONTENT_TEXT},"questions":{"twice":{${FIELDS},"type":"number","instructions":"t"}}},"state":{"n":4}}`,
      {
        problems: ["model_too_large", "invalid_model"],
      },
    ),
    post("the key state 60,000 times", `{"model":${SMALL_TEXT},${`"state":{"n":3},`.repeat(60_000)}"state":{"n":4}}`, {
      answer: twiceIs(8),
      problems: [],
    }),
    post("POST /playground/save of 80,000 fields", `{"name":"x","text":"{}",${FIELDS}}`, { problems: ["not_found"] }, "/playground/save"),
    post("1 MB of \\u0000 escapes in the state", `{"model":${SMALL_TEXT},"state":{"n":4,"s":"${"\\u0000".repeat(170_000)}"}}`, {
      answer: twiceIs(8),
      problems: [],
    }),
    post("1 MB of \\u0000 escapes as the state's text", `{"model":${SMALL_TEXT},"state":"${"\\u0000".repeat(170_000)}"}`, {
      problems: ["value_not_established", "evidence_too_large"],
    }),
  ];
}

export const SHAPE_ATTACKS: readonly Attack[] = [...zerosInEachField(), ...zerosInTheCheck(), ...manyFields()];

/**
 * Shapes whose /healthz answer took 1.4–1.5 s at a load average of 20 on 2 cores, past the suite's
 * 1 s bound: timed by the bench (bench/hostile.ts), not yet asserted by the suite, until a quiet
 * machine shows whether they hold the loop past the 100 ms target.
 */
export const UNSETTLED_SHAPES: readonly Attack[] = [
  post("500,000 zeros beside n in the state", `{"model":${SMALL_TEXT},"state":{"n":4,"z":${ZEROS}}}`, {
    answer: twiceIs(8),
    problems: ["evidence_too_large"],
  }),
  post(
    "500,000 zeros as a model's types, checked",
    `{"content":{"name":"z","inputs":{},"decisions":{},"types":${ZEROS}}}`,
    {
      problems: ["model_too_large", "invalid_model"],
    },
    "/v1/systemtwo/models",
  ),
  post(
    "80,000 fields no schema names beside a Check",
    `{"content":${CONTENT_TEXT},${FIELDS}}`,
    { answer: checked, problems: [] },
    "/v1/systemtwo/models",
  ),
];

/** A one-page PDF whose content stream inflates to `megabytes` MB of `q Q` operators. */
function inflatingPdf(megabytes: number): Buffer {
  const stream = deflateSync(Buffer.from("q Q ".repeat((megabytes * 1024 * 1024) / 4)), { level: 9 });
  const objects = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>"),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from("\nendstream")]),
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  let at = parts[0]!.length;
  const offsets = objects.map((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(object);
    const offset = at;
    at += object.length;
    return offset;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** Drafts whose documents cost more than their size says; answered before the language model is asked. */
export const DOCUMENT_ATTACKS: readonly Attack[] = [
  post(
    "a Draft of a 300 KB PDF whose page inflates to 300 MB",
    JSON.stringify({
      prompt: "a model",
      files: [{ name: "bomb.pdf", type: "application/pdf", data: inflatingPdf(300).toString("base64") }],
    }),
    { problems: LIMITS },
    "/v1/systemtwo/models",
  ),
];

/**
 * A language-model endpoint on loopback that closes every connection, and the environment that
 * configures it, so that a Draft is accepted and its documents read (the endpoint is never reached
 * by the attacks above).
 */
export async function draftEnv(): Promise<{ env: NodeJS.ProcessEnv; close(): Promise<void> }> {
  const server: Server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    env: { PDM_OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
