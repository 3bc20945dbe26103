// Reserve before the work, then either settle the actual charge or release everything (7.1).
// Settling is the last step that may fail: the response is finished (its receipt added to a batch,
// its body known to serialise) by the `finish` callback inside the settlement's transaction, and
// the batch is signed before that transaction commits, so a failure there settles nothing.
// Without a ledger (benchmark mode) every step is free and the balance reads zero, and the answer
// waits for its batch to be signed on its own.
import { LedgerError } from "../ledger/rows.js";
import type { Ledger, LineItem, Settlement } from "../ledger/types.js";
import { billingView, ZERO_BALANCE, type BillingView } from "./billing-view.js";
import { formatUsd } from "../ledger/money.js";
import { problem, type Problem } from "./problems.js";
import type { Finished } from "./finished.js";
import type { ServiceDeps } from "./deps.js";

/** 402: what the request `needs` ("reserves", "reserves at least", "costs") against what is available. */
const insufficient = (amount: number, available: number, needs = "reserves"): Problem =>
  problem(
    "insufficient_balance",
    `this request ${needs} ${formatUsd(amount)} USD but ${formatUsd(available)} USD is available: top up the account, or wait for other requests' reservations to settle`,
  );

/**
 * 402 when the account's available funds cannot cover `atLeast`, the least the request can
 * reserve, read before its tokens are counted or anything compiled: a key that cannot pay is
 * refused at the cost of one balance read. Null when it may go on (or nothing is metered).
 */
export async function cannotPay(deps: ServiceDeps, accountId: string | null, atLeast: number): Promise<Problem | null> {
  if (!deps.ledger || accountId === null || atLeast <= 0) return null;
  const { available } = await deps.ledger.balance(accountId);
  return available >= atLeast ? null : insufficient(atLeast, available, "reserves at least");
}

/**
 * What one call's money steps have waited for the ledger so far (ms), shared by its holds: the
 * call's waits have one limit in all (a lock another connection holds: 5 s, then 503 ledger_busy),
 * not one per step, as each step goes with its wait counted from the time now less what the steps
 * before it waited (types.ts, WaitSince). The work between the steps is not counted: a call whose
 * model or language model runs for a minute still has the whole limit for its settlement.
 */
export interface LedgerWaits {
  ms: number;
}

/** A ledger step of the call whose waits are `waits`, given the `since` that counts them. */
async function waiting<T>(waits: LedgerWaits, step: (since: number) => Promise<T>): Promise<T> {
  const start = Date.now();
  try {
    return await step(start - waits.ms);
  } finally {
    waits.ms += Date.now() - start;
  }
}

/** How many times a release the call could not wait for is tried again, off the answer (then the stale sweep frees it). */
const RELEASE_TRIES = 12;

/**
 * A release whose wait ran out (the call answers ledger_busy at its limit) goes on without the
 * caller, each try with a wait of its own, until the lock is free: the funds come back then, not
 * at the next sweep of stale reservations.
 */
function releaseLater(ledger: Ledger, reservationId: string, tries = RELEASE_TRIES): void {
  ledger.release(reservationId).catch((e: unknown) => {
    if (e instanceof LedgerError && e.code === "busy" && tries > 1) releaseLater(ledger, reservationId, tries - 1);
  });
}

export interface Hold {
  /**
   * Settles the charge of `items` and returns what `finish` makes of its billing: `finish` runs
   * before the settlement commits, its `commit` just before the commit, and if either throws
   * nothing is charged (a reservation stays held for `release`).
   */
  settle<T>(items: LineItem[], memo: string, finish: (billing: BillingView) => Finished<T>): Promise<T>;
  release(): Promise<void>;
}

const total = (items: LineItem[]) => items.reduce((s, i) => s + i.amount, 0);

/** Runs `finish` on the settlement's billing inside the ledger's transaction, its `commit` before it commits, keeping its result. */
function sealWith<T>(items: LineItem[], currency: string, finish: (billing: BillingView) => Finished<T>) {
  let result: Finished<T> | undefined;
  return {
    seal: (s: Settlement, beforeCommit: (work: () => void) => void) => {
      const done = finish(billingView(s.charged, s.balance, items, currency));
      result = done;
      beforeCommit(() => done.commit());
    },
    result: () => result!.value(),
  };
}

/** Without a ledger (benchmark mode) or an account: free, and the balance reads zero. */
const unmetered = (currency: string): Hold => ({
  settle: async (items, _memo, finish) => {
    const done = finish(
      billingView(
        0,
        ZERO_BALANCE,
        items.map((i) => ({ ...i, amount: 0 })),
        currency,
      ),
    );
    await done.signed();
    return done.value();
  },
  release: async () => {},
});

/** `waits`: the call's, when it may hold funds more than once (a new one: this hold's steps alone). */
export async function reserveFunds(
  deps: ServiceDeps,
  accountId: string | null,
  amount: number,
  waits: LedgerWaits = { ms: 0 },
): Promise<{ ok: true; hold: Hold } | { ok: false; problem: Problem }> {
  const { ledger, rates } = deps;
  if (!ledger || accountId === null) return { ok: true, hold: unmetered(rates.currency) };
  const r = await waiting(waits, (since) => ledger.reserve(accountId, amount, since));
  if (!r.ok) return { ok: false, problem: insufficient(amount, r.balance.available) };
  let open = true;
  return {
    ok: true,
    hold: {
      async settle(items, memo, finish) {
        const sealed = sealWith(items, rates.currency, finish);
        try {
          await waiting(waits, (since) => ledger.settle(r.reservationId, total(items), items, memo, sealed.seal, since));
        } catch (e) {
          if (!(e instanceof LedgerError && e.code === "insufficient_funds")) throw e;
          // the work cost more than was reserved and the rest of the funds cannot cover it
          const { available } = await ledger.balance(accountId);
          throw new InsufficientBalance(insufficient(total(items), available + amount, "costs"));
        }
        open = false;
        return sealed.result();
      },
      async release() {
        if (!open) return;
        try {
          await waiting(waits, (since) => ledger.release(r.reservationId, since));
        } catch (e) {
          if (!(e instanceof LedgerError && e.code === "busy")) throw e;
          releaseLater(ledger, r.reservationId);
        }
        open = false;
      },
    },
  };
}

/** Thrown by a deferred hold's `settle` when the funds no longer cover the reservation. */
export class InsufficientBalance extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/**
 * A hold for work that runs locally and quickly (a deterministic execution): nothing is written
 * before the work; `settle` reserves and settles in one atomic ledger step, and fails with
 * InsufficientBalance — the same 402 an up-front reservation would give — when the available
 * funds do not cover `amount`. Errors before settling leave the ledger untouched (7.1).
 */
export function deferredHold(deps: ServiceDeps, accountId: string | null, amount: number, waits: LedgerWaits = { ms: 0 }): Hold {
  const { ledger, rates } = deps;
  if (!ledger || accountId === null) return unmetered(rates.currency);
  return {
    async settle(items, memo, finish) {
      const sealed = sealWith(items, rates.currency, finish);
      const r = await waiting(waits, (since) => ledger.reserveAndSettle(accountId, amount, total(items), items, memo, sealed.seal, since));
      if (!r.ok)
        throw new InsufficientBalance(
          insufficient(Math.max(amount, total(items)), r.balance.available, amount >= total(items) ? "reserves" : "costs"),
        );
      return sealed.result();
    },
    release: async () => {},
  };
}

/**
 * Where `sendable` keeps a response's text, or how to make its UTF-8: a property of the response
 * itself, under a symbol and not enumerable (JSON, spreads and comparisons never see it), since
 * an entry per response in a WeakMap costs the garbage collector more than the rest of the
 * bookkeeping (each key of a WeakMap is traced apart, as an ephemeron).
 */
const SENT = Symbol("sent as");

type Sent = { text: string } | { utf8: () => Buffer[] };

const sentAs = (value: unknown): Sent | undefined =>
  value !== null && typeof value === "object" ? (value as { [SENT]?: Sent })[SENT] : undefined;

/**
 * A response that is about to be charged for: it must serialise, or the settlement fails first.
 * Its JSON text (serialised here) is kept for sending; or, when the caller assembled it, `utf8`
 * makes that text's UTF-8 in pieces (some already encoded) when it is sent, and the text is
 * never made (the caller's assembly always serialises: response-text.ts).
 */
export function sendable<T extends Record<string, unknown>>(response: T, utf8?: () => Buffer[]): T {
  const sent: Sent = utf8 ? { utf8 } : { text: JSON.stringify(response) };
  Object.defineProperty(response, SENT, { value: sent, configurable: true });
  return response;
}

/** The UTF-8 of an answer's JSON text in pieces to send one after the other, when `sendable` was given how to make them. */
export function jsonPieces(value: unknown): Buffer[] | undefined {
  const sent = sentAs(value);
  return sent && "utf8" in sent ? sent.utf8() : undefined;
}

/** The JSON text of an answer: the one kept by `sendable`, else serialised now. */
function jsonText(value: unknown): string {
  const sent = sentAs(value);
  return sent && "text" in sent ? sent.text : JSON.stringify(value);
}

/** What is sent for an answer as one payload: the UTF-8 of its JSON text, joined from its pieces, or the text. */
export const jsonPayload = (value: unknown): string | Buffer => {
  const pieces = jsonPieces(value);
  return pieces ? Buffer.concat(pieces) : jsonText(value);
};
