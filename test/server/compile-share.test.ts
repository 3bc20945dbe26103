// Each client's share of the compile pool (--compile-share), over the stub worker: a client holding
// its share is refused with 429 compile_queue_full naming the share and Retry-After while another
// client's job is taken; any interleaving of two or three clients' jobs and their ends keeps every
// client within its share, and a client's share comes back as its jobs end, however they end. The
// pooled compiler counts its compiles and Checks against the client that asked, and answers a cached
// one to a client over its share.
import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { CompilePool, type CompilePoolOptions } from "../../src/server/compile-pool/pool.js";
import { DEFAULT_CACHE_LIMITS } from "../../src/compiler/index.js";
import { pooledCompiler } from "../../src/server/compile-pool/pooled-compiler.js";
import { ProblemError, type Problem } from "../../src/service/problems.js";
import { STUB_MARK, STUB_URL } from "./fixtures/stub-compile-worker.js";

const pools: CompilePool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function pool(o: Partial<CompilePoolOptions> = {}): Promise<CompilePool> {
  const p = await CompilePool.start({ workers: 1, timeoutMs: 30_000, memoryMb: 64, ...o }, { url: STUB_URL, mark: STUB_MARK });
  pools.push(p);
  // the worker is up: a job goes to it, not to the queue, from now on
  await p.run("check", model("who"), "who");
  return p;
}

const model = (name: string) => ({ content: { name }, questions: {} });
/** The jobs one client may hold: the share of the room (16 waiting and 1 running a worker). */
const perClient = (share: number, workers: number) => Math.max(1, Math.floor(share * 17 * workers));
const tick = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job's end: answered, or the problem it was refused with. */
const outcome = (work: Promise<unknown>): Promise<"answered" | Problem> =>
  work.then(
    () => "answered" as const,
    (e: unknown) => {
      if (e instanceof ProblemError) return e.problem;
      throw e;
    },
  );

function expectShareRefusal(p: "answered" | Problem | null, held: number, share: number): void {
  expect(p).toMatchObject({
    status: 429,
    code: "compile_queue_full",
    headers: { "Retry-After": "1" },
    detail: expect.stringContaining(`${held} models waiting for or in`),
  });
  expect((p as Problem).detail).toContain(`(--compile-share ${share})`);
}

describe("each client's share of the compile pool", () => {
  it("refuses a client holding its share with 429 and Retry-After, naming the share, while another client's job is taken", async () => {
    const p = await pool({ share: 0.25 });
    const n = perClient(0.25, 1);
    const held = Array.from({ length: n }, (_, i) => outcome(p.run("check", model("spin 200"), `f${i}`, "flooder")));
    const refused = await outcome(p.run("check", model("one more"), "more", "flooder"));
    expectShareRefusal(refused, n, 0.25);
    expect(p.shareFull("flooder")).not.toBeNull();
    expect(p.shareFull("victim")).toBeNull();
    expect(await outcome(p.run("check", model("victim's"), "v", "victim"))).toBe("answered");
    expect(await Promise.all(held)).toEqual(held.map(() => "answered"));
    // the share comes back once the jobs end
    expect(p.shareFull("flooder")).toBeNull();
    expect(await outcome(p.run("check", model("later"), "later", "flooder"))).toBe("answered");
  });

  it("gives a client its share back however its jobs end: past the time limit, failed, or the worker gone", async () => {
    const p = await pool({ share: 0.2, timeoutMs: 300 });
    const n = perClient(0.2, 1);
    const ends = ["spin 5000", "throw", "exit"];
    const jobs = Array.from({ length: n }, (_, i) => p.run("check", model(ends[i % ends.length]!), `e${i}`, "c").catch(() => null));
    expect(p.shareFull("c")).not.toBeNull();
    await Promise.all(jobs);
    expect(p.shareFull("c")).toBeNull();
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it("a share of 1, or none, holds a client to the room alone", async () => {
    for (const share of [1, undefined]) {
      const p = await pool({ share });
      const jobs = Array.from({ length: 16 }, (_, i) => outcome(p.run("check", model("spin 20"), `s${i}`, "one")));
      expect(p.shareFull("one")).toBeNull();
      expect(await Promise.all(jobs)).toEqual(jobs.map(() => "answered"));
    }
  });

  it("any interleaving of two or three clients' jobs and their ends keeps each client within its share", { timeout: 300_000 }, async () => {
    const SHARE = 0.25;
    const n = perClient(SHARE, 1);
    const step = fc.record({
      client: fc.constantFrom("a", "b", "c"),
      spin: fc.integer({ min: 40, max: 200 }),
      // mostly none: a client's jobs pile up past its share, then some end
      pause: fc.constantFrom(0, 0, 0, 0, 10, 80),
    });
    /** refusals over all runs: the property reached the share's edge */
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(2, 3), fc.array(step, { minLength: 1, maxLength: 20 }), async (clients, steps) => {
        // a pool of its own: a run that fails leaves its jobs running, and they must not count in the next
        const p = await pool({ share: SHARE });
        const names = ["a", "b", "c"].slice(0, clients);
        /** each client's jobs taken and not yet ended, as this test counts them */
        const open = new Map(names.map((c) => [c, 0]));
        let most = 0;
        const ends: Promise<unknown>[] = [];
        for (const { client: any, spin, pause } of steps) {
          const client = names[any.charCodeAt(0) % clients]!;
          if (pause > 0) await sleep(pause);
          const before = open.get(client)!;
          let refusal: Problem | null = null;
          let settled = false;
          const job = p.run("check", model(`spin ${spin}`), `${client}${spin}`, client).then(
            () => {
              settled = true;
            },
            (e: unknown) => {
              settled = true;
              if (!(e instanceof ProblemError)) throw e;
              refusal = e.problem;
            },
          );
          // a refusal settles at once; a job taken takes a worker's answer, a spin of 40 ms at least, but
          // a loaded machine may hold this process that long, so a job answered by now is taken and ended
          await tick();
          if (refusal) {
            refusals++;
            expect(before).toBe(n);
            expectShareRefusal(refusal, n, SHARE);
          } else {
            expect(before).toBeLessThan(n);
            if (settled) ends.push(job);
            else {
              // not `before + 1`: another of this client's jobs may have ended during the tick
              open.set(client, open.get(client)! + 1);
              most = Math.max(most, open.get(client)!);
              ends.push(job.then(() => open.set(client, open.get(client)! - 1)));
            }
          }
          for (const c of names) expect(open.get(c)!).toBeLessThanOrEqual(n);
        }
        await Promise.all(ends);
        expect(most).toBeLessThanOrEqual(n);
        for (const c of names) expect(p.shareFull(c)).toBeNull();
        expect(p.stats()).toMatchObject({ busy: 0, queued: 0 });
        await pools.splice(pools.indexOf(p), 1)[0]!.close();
      }),
      // besides the random runs, one that surely reaches the share's edge: one client's jobs, past its share, at once
      { numRuns: 12, examples: [[2, Array.from({ length: n + 2 }, (_, i) => ({ client: "a", spin: 400 + i, pause: 0 }))]] },
    );
    expect(refusals).toBeGreaterThan(0);
  });
});

describe("the pooled compiler and the share", () => {
  it("counts a Check against the client that asked, and answers a cached one to a client over its share", async () => {
    const p = await pool({ share: 0.2 });
    const compiler = pooledCompiler(p, { count: 32, bytes: DEFAULT_CACHE_LIMITS.bytes });
    const cached = await compiler.check(model("cached"), "flooder");
    const n = perClient(0.2, 1);
    const held = Array.from({ length: n }, (_, i) => outcome(compiler.check(model(`spin ${150 + i}`), "flooder")));
    expect(compiler.shareFull("flooder")?.problem.code).toBe("compile_queue_full");
    expect(await compiler.check(model("cached"), "flooder")).toBe(cached);
    expectShareRefusal(await outcome(compiler.check(model("fresh"), "flooder")), n, 0.2);
    expect(compiler.shareFull("victim")).toBeNull();
    expect(await outcome(compiler.check(model("victim's"), "victim"))).toBe("answered");
    expect(await Promise.all(held)).toEqual(held.map(() => "answered"));
  });
});
