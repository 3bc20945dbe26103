// Redis restarted in the middle of a distributed run, without its data (a private redis-server on
// a loopback port of its own, never the shared one): the coordinator notices the run is gone,
// records it again from the chunks it holds, enqueues them again, and the output is still local
// `pdm score`'s byte for byte.
import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, hasRedisServer, startRedisServer } from "../../../bench/redis-server.js";
import { generatedRows, localScore, start, startWorker, tmp, writeModel, type Proc } from "./cluster.js";

if (!hasRedisServer()) console.warn("NOTICE: redis-server is not installed; the Redis-restart test of the distributed batch is skipped.");

describe.skipIf(!hasRedisServer())("Redis restarted mid-run", () => {
  const procs: Proc[] = [];
  let redis: ChildProcess | null = null;

  afterAll(async () => {
    for (const p of procs) p.kill("SIGKILL");
    await Promise.all(procs.map((p) => p.exited));
    redis?.kill("SIGKILL");
  }, 120_000);

  it("the run goes on once Redis is back, empty: every chunk enqueued again is scored, the output is local pdm score's", async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    redis = await startRedisServer(port);
    const dir = tmp();
    const model = writeModel(dir);
    const input = join(dir, "rows.jsonl");
    writeFileSync(input, generatedRows(6000, 61));
    const local = localScore(model, input, join(dir, "local.jsonl"));
    const expected = readFileSync(join(dir, "local.jsonl"));

    procs.push(...(await Promise.all([startWorker(url, "pdm"), startWorker(url, "pdm")])));
    const out = join(dir, "out.jsonl");
    const coordinator = start(["score", model, "--in", input, "--out", out, "--queue", url, "--chunk-size", "8k", "--window", "6"]);
    procs.push(coordinator);
    for (let i = 0; i < 600 && readFileSync(out, { flag: "a+" }).length < 15_000; i++) await new Promise((r) => setTimeout(r, 50));
    const before = readFileSync(out).length;
    expect(before).toBeLessThan(expected.length); // Redis goes away mid-run
    redis.kill("SIGKILL");
    await new Promise((r) => redis!.once("exit", r));
    await new Promise((r) => setTimeout(r, 500));
    redis = await startRedisServer(port);

    expect(await coordinator.exited, coordinator.stderr()).toBe(local.status);
    expect(coordinator.stderr()).toMatch(/lost the run \(was it restarted\?\)/);
    expect(readFileSync(out).equals(expected)).toBe(true);
  });
});
