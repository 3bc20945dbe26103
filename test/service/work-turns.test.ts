// Bodies arriving in one turn of the event loop are read a few a turn: those within the turn's
// slice at once, the rest in the turns after, with timers running in between: each client's in
// order, the clients in turn, so that one client's many bodies hold another's back by one each.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { inTurn } from "../../src/service/work-turns.js";

const SLICE_MS = 5;
const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};
const nextTimer = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("bodies read a few a turn", () => {
  it("reads at once only what fits the turn's slice, the rest in order in later turns, a timer running before the last", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 }), async (ms, count) => {
        await nextTimer();
        const read: number[] = [];
        let readWhenTimerRan = -1;
        setTimeout(() => (readWhenTimerRan = read.length), 0);
        // as the poll phase delivers a burst: every body in one callback
        for (let i = 0; i < count; i++)
          inTurn(() => {
            busy(ms);
            read.push(i);
          });
        const atOnce = read.length;
        while (read.length < count) await nextTimer();
        expect(read).toEqual(Array.from({ length: count }, (_, i) => i));
        expect(atOnce).toBeLessThanOrEqual(Math.floor(SLICE_MS / ms) + 1);
        // the poll phase's slice and the check phase's: a timer runs after at most two
        if (count * ms > 2 * (SLICE_MS + ms) + 2) expect(readWhenTimerRan).toBeLessThan(count);
      }),
      { numRuns: 40 },
    );
  });

  it("reads a lone body at once", async () => {
    let ran = false;
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        inTurn(() => (ran = true));
        resolve();
      }, 0),
    );
    expect(ran).toBe(true);
  });

  it("reads a turn's first body at once even when the process waited between two of its statements", async () => {
    let ran = false;
    let clock = 0;
    // every reading of the clock 10 ms after the last: a process descheduled on a loaded machine
    const now = vi.spyOn(performance, "now").mockImplementation(() => (clock += 10));
    try {
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          inTurn(() => (ran = true));
          resolve();
        }, 0),
      );
    } finally {
      now.mockRestore();
    }
    expect(ran).toBe(true);
    // and the body queued behind it is read in a later turn, not lost
    let later = false;
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    inTurn(() => (later = true));
    while (!later) await nextTimer();
  });

  it("reads the bodies that wait one client at a time, round and round: each client's in order, none held back by another's many", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("flood", "flood", "flood", "victim", "third"), { minLength: 1, maxLength: 40 }),
        async (clients) => {
          await nextTimer();
          const read: number[] = [];
          // as the poll phase delivers a burst: every body in one callback, each 1 ms of work
          clients.forEach((client, i) =>
            inTurn(() => {
              busy(1);
              read.push(i);
            }, client),
          );
          const atOnce = read.length;
          while (read.length < clients.length) await nextTimer();
          // what waited, read in rounds: in each, the next body of every client with one left, the
          // clients in the order their first waiting body came
          const waited = clients.map((client, i) => ({ client, i })).slice(atOnce);
          const order = [...new Set(waited.map((w) => w.client))];
          const rounds: number[] = [];
          for (let r = 0; rounds.length < waited.length; r++)
            for (const c of order) {
              const own = waited.filter((w) => w.client === c);
              if (r < own.length) rounds.push(own[r]!.i);
            }
          expect(read).toEqual([...Array.from({ length: atOnce }, (_, i) => i), ...rounds]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
