// A `pdm serve` of the built CLI on loopback with a fresh SQLite ledger, a funded and a zero-balance
// key, for the scripts that attack it outside the tests (the soak, the hostile bench).
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Sender } from "./attacks.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const BIN = join(ROOT, "bin/pdm.mjs");

export interface LocalServer {
  url: string;
  keys: Record<Sender, string | null>;
  /** the ledger's SQLite file */
  db: string;
  /** the server's resident memory, in MB */
  residentMb(): number;
  /** the CPU time the server's own process has spent (user and system, not its workers'), in ms */
  cpuMs(): number;
  /** a key of a new account holding `usd` */
  newKey(name: string, usd: string): Promise<string>;
  stop(): Promise<void>;
}

/** The server, started with `args` after the defaults (and `env` beside this process's), its funded key holding `fundedUsd`. */
export async function startLocalServer(args: string[], fundedUsd: string, env: NodeJS.ProcessEnv = {}): Promise<LocalServer> {
  const db = join(mkdtempSync(join(tmpdir(), "pdm-local-")), "pdm.db");
  const pdm = (more: string[]): Promise<string> =>
    new Promise((resolve, reject) =>
      execFile(process.execPath, [BIN, ...more, "--db", db], { cwd: ROOT }, (e, out, err) =>
        e ? reject(new Error(err || e.message)) : resolve(out),
      ),
    );
  const account = async (name: string, usd: string): Promise<string> => {
    await pdm(["accounts", "create", "--name", name, "--balance", usd]);
    return (await pdm(["keys", "create", "--account", name])).trim().split("\n").at(-1)!.trim();
  };
  const server = spawn(
    process.execPath,
    [BIN, "serve", "--port", "0", "--no-bootstrap", "--log-level", "silent", "--rate-limit", "0", ...args, "--db", db],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /pdm listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
  const keys: Record<Sender, string | null> = {
    funded: await account("funded", fundedUsd),
    broke: await account("broke", "0"),
    none: null,
  };
  return {
    url,
    keys,
    db,
    residentMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? NaN) / 1024,
    cpuMs: () => {
      // utime and stime, the 14th and 15th fields, in clock ticks (100 a second), after the command's ")"
      const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    newKey: (name, usd) => account(name, usd),
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    },
  };
}
