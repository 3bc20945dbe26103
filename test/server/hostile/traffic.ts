// What the hostile suite and the soak script share: sending an attack with the right key, polling
// /healthz while something runs, and reconciling the ledger with the receipts to the micro-dollar.
import { openSqliteLedger } from "../../../src/ledger/sqlite.js";
import type { Attack, Sender } from "./attacks.js";

export interface Reply {
  status: number;
  body: any;
}

/**
 * The attack's answer; for a burst (`others`), every body sent at once and, of their answers, a
 * wrong one if any, else a problem if any, else the first.
 */
export async function send(url: string, keys: Record<Sender, string | null>, attack: Attack): Promise<Reply> {
  if (attack.others === undefined) return sendOne(url, keys, attack);
  const replies = await Promise.all(
    [attack.body, ...attack.others].map((body) => sendOne(url, keys, { ...attack, body, others: undefined })),
  );
  const right = (r: Reply) => (r.status === 200 ? attack.answer?.(r.body) === true : attack.problems.includes(r.body?.code as string));
  return replies.find((r) => !right(r)) ?? replies.find((r) => r.status !== 200) ?? replies[0]!;
}

async function sendOne(url: string, keys: Record<Sender, string | null>, attack: Attack): Promise<Reply> {
  const key = keys[attack.sender];
  const res = await fetch(`${url}${attack.path}`, {
    method: attack.method,
    headers: {
      ...(attack.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...attack.headers,
    },
    body: attack.bytes ? new Blob([new Uint8Array(attack.bytes)]) : attack.body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export interface Polled<T> {
  result: T;
  /** the slowest /healthz answer, in milliseconds */
  slowestMs: number;
  polls: number;
  /** polls answered with anything but 200, or not at all */
  failed: number;
}

/** What `work` answers, and how /healthz answered meanwhile (polled back to back, 20 ms apart). */
export async function whilePolling<T>(url: string, work: () => Promise<T>): Promise<Polled<T>> {
  let done = false;
  let slowestMs = 0;
  let polls = 0;
  let failed = 0;
  const poller = (async () => {
    do {
      const start = performance.now();
      const ok = await fetch(`${url}/healthz`).then(
        async (res) => (await res.arrayBuffer(), res.status === 200),
        () => false,
      );
      slowestMs = Math.max(slowestMs, performance.now() - start);
      polls++;
      if (!ok) failed++;
      await new Promise((r) => setTimeout(r, 20));
    } while (!done);
  })();
  try {
    const result = await work();
    done = true;
    await poller;
    return { result, slowestMs, polls, failed };
  } finally {
    done = true;
  }
}

/** The longest the server held its event loop since the last call, in ms (its own measure, which each call restarts). */
export async function heldMs(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^pdm_event_loop_delay_max_seconds (\S+)$/m.exec(text)![1]) * 1000;
}

/** The micro-dollars a 200 answer was charged, as its receipt says. */
export const receiptMicros = (reply: Reply): number =>
  reply.status === 200 && reply.body?.receipt?.billing ? Math.round(reply.body.receipt.billing.cost_usd * 1e6) : 0;

export interface AccountLedger {
  name: string;
  opening: number;
  balance: number;
  reserved: number;
  /** the sum of the account's charge entries (its statement) */
  statement: number;
}

/** Each account's balance, reservations and statement, read from the server's SQLite file. */
export async function readAccounts(dbFile: string, names: string[]): Promise<AccountLedger[]> {
  const ledger = openSqliteLedger(dbFile);
  try {
    return await Promise.all(
      names.map(async (name) => {
        const account = (await ledger.findAccount(name))!;
        const { balance, reserved } = await ledger.balance(account.id);
        const entries = await ledger.entries(account.id);
        const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
        return { name, opening: sum("topup"), balance, reserved, statement: sum("charge") };
      }),
    );
  } finally {
    await ledger.close();
  }
}
