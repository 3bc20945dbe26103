// The real server runs an execution that needs more than the event loop's share of the budget
// (--eval-on-loop) whole in a compile worker process: the answer is the one the event loop gives,
// /metrics counts it, a light execution stays on the loop, and one past the whole budget is
// refused naming the server's limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStore, startServer, type Server, type Store } from "./spawn.js";

const STEPS = 400_000;
const SHARE = 0.05;
const LOOP = {
  content: {
    name: "loop",
    inputs: { n: { type: "number", desc: "How many?" } },
    decisions: { total: { type: "number", expr: "sum(for i in 1..n return modulo(i, 7))" } },
  },
  questions: { total: { type: "number", instructions: "What is the total?" } },
};

const store: Store = makeStore("sqlite");
let server: Server;

const offLoop = async (): Promise<number> =>
  Number(/^pdm_evaluations_off_loop (\S+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())![1]);

async function run(n: number, explain = false): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/v1/systemone`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: LOOP, state: { n }, explain }),
  });
  return { status: res.status, body: await res.json() };
}

const expected = (n: number): number => {
  let total = 0;
  for (let i = 1; i <= n; i++) total += i % 7;
  return total;
};

beforeAll(async () => {
  server = await startServer(store, [
    "--no-ledger",
    "--log-level",
    "silent",
    "--eval-budget",
    String(STEPS),
    "--eval-on-loop",
    String(SHARE),
  ]);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
});

describe("executions past the event loop's share of the budget", () => {
  it("stay on the loop while light, and run whole in a worker past the share, with the same answers and explanation", async () => {
    const light = Math.floor((STEPS * SHARE) / 4);
    const heavy = Math.floor(STEPS / 3);
    expect((await run(light)).body.receipt.decisions.total.value).toBe(expected(light));
    expect(await offLoop()).toBe(0);
    const answered = await run(heavy, true);
    expect(answered.status).toBe(200);
    expect(answered.body.receipt.decisions.total.value).toBe(expected(heavy));
    expect(answered.body.receipt.explanation.decisions.total).toBeDefined();
    expect(await offLoop()).toBe(1);
  });

  it("refuses an execution past the whole budget with the server's limit", async () => {
    const before = await offLoop();
    const refused = await run(2 * STEPS);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "evaluation_budget_exceeded" });
    expect(refused.body.detail).toContain(`${STEPS.toLocaleString("en-US")} steps (the server's --eval-budget)`);
    expect(await offLoop()).toBe(before + 1);
  });

  it("refuses a share outside (0, 1] before it starts", async () => {
    const other = makeStore("sqlite");
    try {
      await expect(startServer(other, ["--no-ledger", "--eval-on-loop", "0"])).rejects.toThrow(/--eval-on-loop/);
    } finally {
      await other.dispose();
    }
  });
});
