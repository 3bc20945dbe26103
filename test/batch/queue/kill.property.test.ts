// Property: whatever the chunk size, the window and the moment a worker is killed (SIGKILL, in the
// middle of a chunk), a distributed run loses no row and repeats none: its output is local
// `pdm score`'s of the same generated rows, byte for byte. Real processes: in each run a worker
// takes the chunks alone until a second one is ready, and dies at a random moment after starting
// its nth chunk (or, if it holds none then, as it starts its next); the second scores the rest, the
// killed chunk with them.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  chunksOf,
  dropPrefix,
  freshPrefix,
  generatedRows,
  localScore,
  REDIS_URL,
  rowNumbers,
  start,
  startWorker,
  tmp,
  writeModel,
  type Proc,
} from "./cluster.js";

if (!REDIS_URL) console.warn("NOTICE: REDIS_URL is not set; the property test of killed workers in the distributed batch is skipped.");

describe.skipIf(!REDIS_URL)("a worker killed at a random moment", () => {
  const url = REDIS_URL!;
  const prefix = freshPrefix();
  const dir = tmp();
  const model = writeModel(dir);
  const procs: Proc[] = [];

  afterAll(async () => {
    for (const p of procs) p.kill("SIGKILL");
    await Promise.all(procs.map((p) => p.exited));
    await dropPrefix(url, prefix);
  }, 120_000);

  it("never loses or repeats a row", { timeout: 600_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          rows: fc.integer({ min: 800, max: 1500 }),
          seed: fc.integer(),
          chunkBytes: fc.integer({ min: 4 * 1024, max: 6 * 1024 }),
          window: fc.integer({ min: 4, max: 8 }),
          /** the victim dies this long after it starts its nth chunk */
          nth: fc.integer({ min: 1, max: 3 }),
          delayMs: fc.integer({ min: 0, max: 100 }),
        }),
        async ({ rows, seed, chunkBytes, window, nth, delayMs }) => {
          const input = join(dir, `rows-${++run}.jsonl`);
          writeFileSync(input, generatedRows(rows, seed));
          const local = localScore(model, input, `${input}.local`);
          const expected = readFileSync(`${input}.local`);

          const victim = await startWorker(url, prefix);
          procs.push(victim);
          const out = `${input}.out`;
          const coordinator = start([
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
            String(chunkBytes),
            "--window",
            String(window),
          ]);
          await victim.waitFor(/: started/);
          // kept with the others as soon as it runs, so that a failed run does not leave it behind
          const rescuer = startWorker(url, prefix).then((p) => (procs.push(p), p));
          await victim.waitFor(new RegExp(`(?:: started[\\s\\S]*?){${nth}}`));
          await new Promise((r) => setTimeout(r, delayMs));
          // it dies with a chunk in hand: if it holds none at that moment (it finished them, and
          // the coordinator has not yet sent more), at the start of its next one
          const now = chunksOf(victim.stderr());
          if (now.started.every((seq) => now.done.includes(seq)))
            await victim.waitFor(new RegExp(`(?:: started[\\s\\S]*?){${now.started.length + 1}}`));
          victim.kill("SIGKILL");
          await victim.exited;
          // it died with a chunk in hand
          const mine = chunksOf(victim.stderr());
          expect(mine.started.filter((seq) => !mine.done.includes(seq)).length).toBeGreaterThan(0);

          const second = await rescuer;
          expect(await coordinator.exited, coordinator.stderr()).toBe(local.status);
          const output = readFileSync(out);
          expect(rowNumbers(output.toString())).toEqual(rowNumbers(expected.toString()));
          expect(output.equals(expected)).toBe(true);
          second.kill("SIGTERM");
          await second.exited;
        },
      ),
      // a failure is reported as it is found: shrinking would rerun whole clusters for minutes
      { numRuns: 3, endOnFailure: true },
    );
  });
});
