// `pdm worker`: scores chunks of `pdm score --queue` runs, on as many machines as there are
// workers, until SIGTERM or SIGINT; then it finishes the chunks in hand and stops.
import { availableParallelism } from "node:os";
import type { RunningWorker } from "../../batch/queue/chunk-worker.js";
import { command, UsageError, type CommandSpec } from "../command.js";
import { EXIT, packageVersion, print, UserError } from "../io.js";
import { QUEUE_OPTIONS, wholeNumber } from "../queue-options.js";

export const spec: CommandSpec = {
  name: "worker",
  summary: "score the chunks `pdm score --queue` puts in Redis, on this machine (start one on every machine that helps)",
  options: {
    ...QUEUE_OPTIONS,
    concurrency: {
      type: "string",
      short: "c",
      value: "N",
      description: "scoring threads, 1 to 64 (default: the cores, at most 8); twice as many chunks are taken at once",
    },
    "stall-seconds": {
      type: "string",
      value: "S",
      default: "30",
      description: "a chunk whose worker stops renewing its claim for this long is scored again by another",
    },
    verbose: { type: "boolean", short: "v", description: "a line on stderr for every chunk started and finished" },
  },
  details:
    "Workers take chunks of runs of their own pdm version only, compile each model once, and score with the\nsame code as `pdm score`. A worker killed mid-chunk loses nothing: its chunks are scored again elsewhere.\nSee docs/batch.md.",
  examples: ["pdm worker --queue redis://queue.internal:6379", "pdm worker --queue redis://127.0.0.1:6379/2 --concurrency 2 --verbose"],
  exits: {
    0: "stopped by SIGTERM or SIGINT, after the chunks in hand",
    2: "the arguments are wrong, or Redis cannot be reached",
  },
};

/** Resolves on the first SIGTERM or SIGINT. */
const signalled = (): Promise<string> =>
  new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });

export const run = command(spec, async (args, io) => {
  const values = args.values as {
    queue?: string;
    "queue-prefix": string;
    concurrency?: string;
    "stall-seconds": string;
    verbose?: boolean;
  };
  if (!values.queue) throw new UsageError(spec, "--queue is required");
  const threads =
    values.concurrency === undefined ? Math.min(availableParallelism(), 8) : wholeNumber("concurrency", values.concurrency, 1, 64);
  const stallSeconds = wholeNumber("stall-seconds", values["stall-seconds"], 1, 3600);
  const { startChunkWorker } = await import("../../batch/queue/chunk-worker.js");
  const { QueueError, shownUrl } = await import("../../batch/queue/connection.js");
  const stop = signalled();
  const log = (line: string) => print(io.stderr, `pdm worker: ${line}`);
  let worker: RunningWorker;
  try {
    worker = await startChunkWorker({
      url: values.queue,
      prefix: values["queue-prefix"],
      version: packageVersion(),
      threads,
      stallSeconds,
      onChunk: values.verbose ? log : undefined,
      onProblem: log,
    });
  } catch (e) {
    if (e instanceof QueueError) throw new UserError(`pdm worker: ${e.message}`);
    throw e;
  }
  log(
    `scoring chunks of queue ${worker.queue} at ${shownUrl(values.queue)} with ${threads} threads (pid ${process.pid}); SIGTERM stops it after the chunks in hand`,
  );
  const signal = await stop;
  log(`${signal}: finishing the chunks in hand`);
  await worker.close();
  log("stopped");
  return EXIT.ok;
});
