// The harness that spawns servers stops what it started when a suite ends, whatever its setup got
// to: a server still starting when afterAll runs (its beforeAll timed out) is stopped too.
import { describe, expect, it } from "vitest";
import { makeStore, startServer, stopStartedServers } from "./spawn.js";

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the server harness", () => {
  it("stops a server still starting, and one started, so that no process outlives its suite", async () => {
    const started = await startServer(makeStore("sqlite"), ["--no-ledger"]);
    const starting = startServer(makeStore("sqlite"), ["--no-ledger"]).then(
      () => "started",
      (e: Error) => e.message,
    );
    const pids = await stopStartedServers();
    expect(pids).toHaveLength(2);
    expect(pids).toContain(started.pid);
    expect(await starting).toMatch(/^server exited/);
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(await stopStartedServers()).toEqual([]);
  });
});
