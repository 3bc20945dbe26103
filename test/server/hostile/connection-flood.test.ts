// Connections opened by the thousand against a server whose process may open 1,024 files: one
// address's flood is cut at its share (--max-client-connections), so another address's /healthz is
// answered throughout, and connections from many addresses past the server's bound
// (--max-connections, kept below the open-file limit) are closed at once, the process serving on.
// Without the bounds, 1,500 connections from one address took every descriptor and no other
// client's connection was accepted until the headers timeout closed them. The server here waits
// two minutes for headers, so that only the bounds can close a flood's idle connections within the
// waits below (a loaded machine accepts, and so closes, a queue of connections late).
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConnections } from "../../../src/server/connection-limits.js";
import { pdmBin, ROOT } from "../spawn.js";
import { healthFrom } from "./connections.js";

const OPEN_FILES = 1_024;
/** The server's headers and request timeouts, far past every wait of this file. */
const PATIENT_MS = 120_000;
const PER_CLIENT = 256;
/** Connections opened at once from the flooding address: well below the accept queue (511). */
const WAVE = 250;
let child: ChildProcess;
let url = "";

beforeAll(async () => {
  // the open-file limit set for the server alone, by the shell that starts it
  child = spawn(
    "sh",
    [
      "-c",
      `ulimit -n ${OPEN_FILES} && exec "$0" "$@"`,
      process.execPath,
      pdmBin(),
      ...["serve", "--no-ledger", "--port", "0", "--host", "127.0.0.1", "--log-level", "silent", "--compile-workers", "1"],
      ...["--request-timeout", String(PATIENT_MS), "--headers-timeout", String(PATIENT_MS)],
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const m = /pdm listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}\n${out}`)));
  });
}, 60_000);
afterAll(() => {
  child?.kill("SIGTERM");
});

/** `count` connections from `localAddress` that send nothing, opened at once; resolves once each is connected or refused. */
async function flood(count: number, localAddress: string): Promise<{ sockets: Socket[]; closed: () => number }> {
  const { hostname, port } = new URL(url);
  let closed = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve) => {
          const s = connect({ host: hostname, port: Number(port), localAddress });
          s.on("error", () => {});
          s.resume();
          s.once("close", () => closed++);
          s.once("connect", () => resolve(s));
          s.once("close", () => resolve(s));
        }),
    ),
  );
  return { sockets, closed: () => closed };
}

const refused = async (reason: string): Promise<number> => {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(new RegExp(`^pdm_connections_refused_total\\{reason="${reason}"\\} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const settle = () => pause(500);

/** The server process's open file descriptors (its shell `exec`s it, so the child's pid is the server's). */
const descriptors = (): number => readdirSync(`/proc/${child.pid}/fd`).length;

/**
 * Resolves once `done()` holds, or after `ms` (on a loaded machine the server accepts a queue of
 * connections, and so closes those past a bound, late). The default stays well below the server's
 * headers timeout (PATIENT_MS), which would close a flood's idle connections even without the bounds.
 */
async function until(done: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; !(await done()) && Date.now() < end;) await settle();
}

/**
 * /healthz from `address` once the server has let go of the connections the client destroyed (it
 * learns of their closes late on a loaded machine, and till then counts them against the bounds):
 * 200 as soon as it answers so, within 20 s; else the last answer.
 */
async function healthOnceFreed(address: string): Promise<number | string> {
  let status: number | string = "not asked";
  await until(async () => (status = await healthFrom(url, address)) === 200, 20_000);
  return status;
}

describe("thousands of connections at once", () => {
  it("answers another address's /healthz while one address holds 1,500 connections", { timeout: 90_000 }, async () => {
    // In waves, each once the server has closed what the last took past the share: 1,500 at once
    // overflow the accept queue, and a connection whose last ACK the kernel dropped then looks open
    // to the client while the server may never be given it, so the client would never see it closed.
    const waves: Awaited<ReturnType<typeof flood>>[] = [];
    const closed = () => waves.reduce((n, w) => n + w.closed(), 0);
    for (let opened = WAVE; opened <= 1_500; opened += WAVE) {
      waves.push(await flood(WAVE, "127.0.0.1"));
      await until(() => closed() >= opened - PER_CLIENT);
    }
    const sockets = waves.flatMap((w) => w.sockets);
    try {
      const answers: (number | string)[] = [];
      for (let i = 0; i < 10; i++) answers.push(await healthFrom(url, "127.0.0.2"));
      expect(answers).toEqual(Array(10).fill(200));
      // the address's share held, the rest closed unread
      expect(closed()).toBeGreaterThanOrEqual(1_500 - PER_CLIENT);
    } finally {
      for (const s of sockets) s.destroy();
    }
    expect(await healthOnceFreed("127.0.0.1")).toBe(200);
    expect(await refused("client")).toBeGreaterThanOrEqual(1_500 - PER_CLIENT);
  });

  it("closes connections past the server's bound, below its open-file limit, and serves on", { timeout: 90_000 }, async () => {
    // The server's own descriptors are counted, not the client's sockets: a connection whose
    // handshake the kernel completed while the server's accept queue was full looks open to the
    // client (its last ACK was dropped; the kernel retries for up to a minute) though the server
    // never held it, so the client's count says nothing about the bound on a loaded machine.
    const before = descriptors();
    const bound = serverConnections(Number.MAX_SAFE_INTEGER, OPEN_FILES);
    // eight addresses, each within its share, together past what the process may open
    const floods = await Promise.all(Array.from({ length: 8 }, (_, i) => flood(PER_CLIENT - 16, `127.0.1.${i + 1}`)));
    let most = 0;
    try {
      const closed = () => floods.reduce((n, f) => n + f.closed(), 0);
      // the server has met its bound (it closes what comes past it) and holds no more than it
      await until(() => {
        most = Math.max(most, descriptors());
        return closed() > 0 && most > before + bound / 2;
      });
      for (let i = 0; i < 10; i++) {
        await pause(100);
        most = Math.max(most, descriptors());
      }
      expect(closed()).toBeGreaterThan(0);
      expect(most).toBeGreaterThan(before + bound / 2);
      expect(most).toBeLessThanOrEqual(before + bound);
    } finally {
      for (const f of floods) for (const s of f.sockets) s.destroy();
    }
    expect(await healthOnceFreed("127.0.0.3")).toBe(200);
    expect(await refused("server")).toBeGreaterThan(0);
    expect(child.exitCode).toBeNull();
  });
});
