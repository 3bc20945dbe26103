// `pdm score --queue --max-record-bytes`: a record past the limit is a chunk of its own that
// carries no bytes (its job says the limit; the next chunk is read on past the record), and its
// record is the error record local `pdm score` writes, byte for byte, with the rows around it as
// local scores them: JSONL through Redis and CSV as byte ranges of a shared input, a long record
// first, in the middle and last.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropPrefix, freshPrefix, localScore, REDIS_URL, start, startWorker, tmp, type Proc } from "./cluster.js";
import { lendingRow } from "../../../bench/batch/lending-states.js";
import { ROOT } from "../../server/spawn.js";

const ROWS = 600;
const LIMIT = 4096;
// the first row, one in the middle, the last
const LONG = new Set([1, 300, ROWS]);
const model = join(ROOT, "samples/lending/model.json");

const jsonl = (i: number) => JSON.stringify({ ...lendingRow(i), note: LONG.has(i + 1) ? "x".repeat(3 * LIMIT) : "" });
const csvRow = (i: number) => {
  const r = lendingRow(i);
  const note = LONG.has(i + 1) ? `"${"y,\n".repeat(LIMIT)}"` : "";
  return [r.id, r["credit score"], r["annual income"], r["monthly debt"], r["loan amount"], r.employment, note].join(",");
};
const CSV_HEADER = "id,credit score,annual income,monthly debt,loan amount,employment,note\n";

describe.skipIf(!REDIS_URL)("pdm score --queue with a record past --max-record-bytes", () => {
  const url = REDIS_URL!;
  const prefix = freshPrefix();
  const dir = tmp();
  let worker: Proc;
  const limit = ["--max-record-bytes", "4k"];
  /** `pdm score --queue` of `input` into `out`, 4 KiB chunks, with the limit */
  const queueScore = (input: string, out: string, ...more: string[]) => [
    "score",
    model,
    "--in",
    input,
    "--out",
    out,
    "--queue",
    url,
    "--queue-prefix",
    prefix,
    "--chunk-size",
    "4k",
    ...limit,
    ...more,
  ];

  beforeAll(async () => {
    worker = await startWorker(url, prefix);
  }, 120_000);

  afterAll(async () => {
    worker.kill("SIGTERM");
    await worker.exited;
    await dropPrefix(url, prefix);
  }, 120_000);

  const cases = [
    {
      name: "JSONL through Redis",
      file: "rows.jsonl",
      text: () => Array.from({ length: ROWS }, (_, i) => `${jsonl(i)}\n`).join(""),
      extra: [],
    },
    {
      name: "CSV as byte ranges of a shared input",
      file: "rows.csv",
      text: () => CSV_HEADER + Array.from({ length: ROWS }, (_, i) => `${csvRow(i)}\n`).join(""),
      extra: ["--shared-input"],
    },
  ];

  for (const c of cases)
    it(`${c.name}: each long record its row's error record, the output local pdm score's byte for byte`, { timeout: 120_000 }, async () => {
      const input = join(dir, c.file);
      writeFileSync(input, c.text());
      const local = localScore(model, input, `${input}.local`, limit);
      expect(local.status).toBe(1);
      const expected = readFileSync(`${input}.local`, "utf8");
      const out = join(dir, `${c.file}.out.jsonl`);
      const r = start(queueScore(input, out, ...c.extra));
      expect(await r.exited, r.stderr()).toBe(1);
      expect(r.stderr()).toContain(`scored ${ROWS} rows, ${LONG.size} errors`);
      const got = readFileSync(out, "utf8");
      expect(got).toBe(expected);
      const errors = got
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { row: number; error?: { message: string } })
        .filter((l) => l.error);
      expect(errors.map((l) => l.row)).toEqual([...LONG]);
      for (const e of errors) expect(e.error!.message).toContain("longer than 4,096 bytes");
    });
  it(
    "the coordinator killed mid-run and resumed: the run reads on past each long record, the output local pdm score's",
    { timeout: 180_000 },
    async () => {
      // a long record every 500th row, so that some fall before the kill and some after it
      const rows = 6000;
      const long = (i: number) => (i + 1) % 500 === 0;
      const line = (i: number) => JSON.stringify({ ...lendingRow(i), note: long(i) ? "x".repeat(3 * LIMIT) : "" });
      const input = join(dir, "resume.jsonl");
      writeFileSync(input, Array.from({ length: rows }, (_, i) => `${line(i)}\n`).join(""));
      expect(localScore(model, input, `${input}.local`, limit).status).toBe(1);
      const expected = readFileSync(`${input}.local`, "utf8");
      const out = join(dir, "resume.out.jsonl");
      const args = queueScore(input, out, "--window", "2");
      const first = start(args);
      for (let i = 0; i < 1200 && readFileSync(out, { flag: "a+" }).length < expected.length / 3; i++)
        await new Promise((r) => setTimeout(r, 25));
      first.kill("SIGKILL");
      await first.exited;
      expect(readFileSync(out).length).toBeLessThan(expected.length);
      const second = start([...args, "--resume"]);
      expect(await second.exited, second.stderr()).toBe(1);
      expect(readFileSync(out, "utf8")).toBe(expected);
      expect(expected.split("\n").filter((l) => l.includes("longer than 4,096 bytes")).length).toBe(rows / 500);
    },
  );
});
