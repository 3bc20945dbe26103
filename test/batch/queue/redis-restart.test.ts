// Redis restarted in the middle of a distributed run, without its data (a private redis-server on
// a loopback port of its own, never the shared one): the coordinator notices the run is gone,
// records it again from the chunks it holds, enqueues them again, and the output is still local
// `pdm score`'s byte for byte.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatedRows, localScore, start, startWorker, tmp, writeModel, type Proc } from "./cluster.js";

const hasRedisServer = spawnSync("redis-server", ["--version"]).error === undefined;
if (!hasRedisServer) console.warn("NOTICE: redis-server is not installed; the Redis-restart test of the distributed batch is skipped.");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server that keeps nothing on disk, once it accepts connections. */
async function redisServer(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 20_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", () => reject(new Error(`redis-server exited:\n${out}`)));
  });
  return child;
}

describe.skipIf(!hasRedisServer)("Redis restarted mid-run", () => {
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
    redis = await redisServer(port);
    const dir = tmp();
    const model = writeModel(dir);
    const input = join(dir, "rows.jsonl");
    writeFileSync(input, generatedRows(1500, 61));
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
    redis = await redisServer(port);

    expect(await coordinator.exited, coordinator.stderr()).toBe(local.status);
    expect(coordinator.stderr()).toMatch(/lost the run \(was it restarted\?\)/);
    expect(readFileSync(out).equals(expected)).toBe(true);
  });
});
