// `pdm score --queue`: the model is checked and compiled here, before anything goes to Redis; the
// rows are then scored by `pdm worker` processes through the queue (batch/queue/coordinator.ts),
// with the progress line and summary of a local run.
import { statSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { streamSource } from "../batch/byte-source.js";
import type { ScoreOptions } from "../batch/chunk-scorer.js";
import { formatSummary, progressLine } from "../batch/progress.js";
import { QueueError, RunStopped } from "../batch/queue/connection.js";
import { recordWriter } from "../batch/records.js";
import { formatCheck } from "./format.js";
import { EXIT, packageVersion, print, UserError, type Io } from "./io.js";
import { readModel } from "./load-model.js";
import { byteSize, wholeNumber } from "./queue-options.js";

/** Exit code of a run that stopped part way: --resume continues it. */
const STOPPED = 3;

export async function scoreOnQueueCommand(
  file: string,
  values: Record<string, unknown>,
  score: ScoreOptions,
  maxRecordBytes: number,
  io: Io,
): Promise<number> {
  const v = values as {
    queue: string;
    "queue-prefix": string;
    in: string;
    out: string;
    resume?: boolean;
    "shared-input"?: boolean;
    "chunk-size": string;
    window: string;
    lenient?: boolean;
    quiet?: boolean;
  };
  const chunkBytes = byteSize("chunk-size", v["chunk-size"], 4 * 1024, 256 * 1024 * 1024);
  const window = wholeNumber("window", v.window, 1, 4096);
  const inputSize = v.in === "-" ? undefined : sizeOf(v.in);

  // BullMQ and the coordinator load while the model compiles
  const coordinator = import("../batch/queue/coordinator.js");
  coordinator.catch(() => {});
  const model = await readModel(file, io);
  const { compileToSource } = await import("../compiler/index.js");
  const strict = !v.lenient;
  const compiled = compileToSource(model, { strict });
  if (!compiled.ok) throw new UserError(formatCheck(compiled.check, file), EXIT.invalid);

  const started = performance.now();
  const progress = !v.quiet && (io.stderr as NodeJS.WriteStream).isTTY ? progressLine(io.stderr, inputSize) : null;
  const { scoreOnQueue } = await coordinator;
  try {
    const summary = await scoreOnQueue({
      url: v.queue,
      prefix: v["queue-prefix"],
      version: packageVersion(),
      model: { text: JSON.stringify(model), hash: compiled.hash, strict },
      score,
      format: score.input,
      input: v.in === "-" ? { stream: streamSource((io.stdin ?? process.stdin) as Readable) } : { path: v.in },
      output: v.out === "-" ? { stream: io.stdout as Writable } : { path: v.out },
      header: recordWriter(score.output, compiled.loadable.decisions).header(),
      chunkBytes,
      maxRecordBytes,
      window,
      shared: v["shared-input"] ?? false,
      resume: v.resume ?? false,
      onProgress: progress ? (p) => progress.update(p) : undefined,
      notice: (line) => {
        progress?.clear();
        print(io.stderr, `pdm score: ${line}`);
      },
    });
    progress?.clear();
    if (!v.quiet) print(io.stderr, formatSummary({ ...summary, elapsedMs: performance.now() - started }));
    return summary.errors > 0 ? EXIT.invalid : EXIT.ok;
  } catch (e) {
    progress?.clear();
    if (e instanceof RunStopped)
      throw new UserError(
        `pdm score: ${e.message}${e.resumable ? "\nThe run is kept in Redis: the same command with --resume continues it." : ""}`,
        STOPPED,
      );
    if (e instanceof QueueError) throw new UserError(`pdm score: ${e.message}`);
    throw e;
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
