// The hand-written batch pipeline the compiled `pdm score` is measured against: what a careful
// person writes for one corpus model in an afternoon. The main thread reads the JSONL file in
// 256 KiB pieces cut at line ends and hands them (transferred, not copied) to worker threads, at
// most four per worker at a time; a worker parses each line with JSON.parse, runs the model's
// hand-written JS (doubles) and writes the same record `pdm score` writes with JSON.stringify; the
// main thread writes the results in input order. run-batch.ts bundles this file with esbuild and
// runs it as `node bundle.mjs MODEL IN OUT WORKERS`, like `pdm score`.
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { CORPUS } from "../corpus/index.js";

const PIECE = 256 * 1024;
const NEWLINE = 10;

interface Piece {
  seq: number;
  first: number;
  bytes: ArrayBuffer;
}

interface Scored {
  seq: number;
  bytes: ArrayBuffer;
  rows: number;
}

/** An ArrayBuffer of exactly these bytes, to transfer. */
function own(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

async function main([model, input, output, workerText]: string[]): Promise<void> {
  const workers = Array.from({ length: Number(workerText) }, () => new Worker(new URL(import.meta.url), { workerData: { model } }));
  const [from, to] = [openSync(input!, "r"), openSync(output!, "w")];
  const done = new Map<number, Uint8Array>();
  let [next, written, inFlight, rows] = [0, 0, 0, 0];
  let room: (() => void) | null = null;
  for (const w of workers)
    w.on("message", (s: Scored) => {
      done.set(s.seq, new Uint8Array(s.bytes));
      rows += s.rows;
      inFlight--;
      for (let b = done.get(written); b; b = done.get(written)) {
        writeSync(to, b);
        done.delete(written++);
      }
      room?.();
    });
  const waitForRoom = (limit: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (inFlight > limit) return;
        room = null;
        resolve();
      };
      room = check;
      check();
    });
  let carry = new Uint8Array(0);
  let first = 1;
  for (;;) {
    const buffer = new Uint8Array(carry.length + PIECE);
    buffer.set(carry);
    const read = readSync(from, buffer, carry.length, PIECE, null);
    const filled = carry.length + read;
    if (filled === 0) break;
    const end = read === 0 ? filled : buffer.lastIndexOf(NEWLINE, filled - 1) + 1 || filled;
    const piece = buffer.subarray(0, end);
    carry = buffer.slice(end, filled);
    let lines = 0;
    for (let i = 0; i < piece.length; i++) if (piece[i] === NEWLINE) lines++;
    await waitForRoom(4 * workers.length - 1);
    inFlight++;
    const bytes = own(piece);
    workers[next % workers.length]!.postMessage({ seq: next++, first, bytes } satisfies Piece, [bytes]);
    first += lines + (piece[piece.length - 1] === NEWLINE ? 0 : 1);
    if (read === 0) break;
  }
  await waitForRoom(0);
  closeSync(from);
  closeSync(to);
  await Promise.all(workers.map((w) => w.terminate()));
  process.stderr.write(`scored ${rows.toLocaleString("en-US")} rows, 0 errors\n`);
}

function work(model: string): void {
  const decide = CORPUS.find((m) => m.name === model)!.handwritten;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  parentPort!.on("message", ({ seq, first, bytes }: Piece) => {
    const lines = decoder.decode(bytes).split("\n");
    const out: string[] = [];
    let row = first;
    for (const line of lines) {
      if (line === "") continue;
      const { id, ...state } = JSON.parse(line) as Record<string, unknown>;
      out.push(JSON.stringify({ row: row++, id, decisions: decide(state) }));
    }
    const result = own(encoder.encode(`${out.join("\n")}\n`));
    parentPort!.postMessage({ seq, bytes: result, rows: out.length } satisfies Scored, [result]);
  });
}

if (isMainThread) await main(process.argv.slice(2));
else work((workerData as { model: string }).model);
