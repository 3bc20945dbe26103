// Settings of `pdm serve` from the command line, the environment, a config file and defaults,
// in that order; and `npm start` stopping when it is told to.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { pdmBin } from "../server/spawn.js";
import { spec } from "../../src/cli/commands/serve.js";
import { envNames, parseCommand } from "../../src/cli/command.js";
import { resolveSettings } from "../../src/cli/settings.js";

const root = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "pdm-settings-"));
const stringOptions = Object.entries(spec.options)
  .filter(([n, o]) => o.type === "string" && n !== "config")
  .map(([n]) => n);

describe("settings precedence", () => {
  it("each option comes from the flag, else its variable, else the config file, else its default", () => {
    const source = fc.record({ flag: fc.boolean(), env: fc.boolean(), file: fc.boolean() });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...stringOptions), source), fc.integer({ min: 0, max: 1 }), (chosen, alias) => {
        const args: string[] = [];
        const env: NodeJS.ProcessEnv = {};
        const file: Record<string, string> = {};
        for (const [name, s] of Object.entries(chosen)) {
          if (s.flag) args.push(`--${name}`, `flag-${name}`);
          if (s.env) {
            const names = envNames(name, spec.options[name]!);
            env[names[Math.min(alias, names.length - 1)]!] = `env-${name}`;
          }
          if (s.file) file[name] = `file-${name}`;
        }
        const config = join(dir, "config.json");
        writeFileSync(config, JSON.stringify(file));
        const settings = resolveSettings(spec, parseCommand(spec, [...args, "--config", config])!, env);
        for (const name of stringOptions) {
          const s = chosen[name];
          const expected = s?.flag ? `flag-${name}` : s?.env ? `env-${name}` : s?.file ? `file-${name}` : spec.options[name]!.default;
          expect(settings[name]!.value, name).toBe(expected);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("PDM_CONFIG names the config file; booleans read true/false/1/0 from the environment", () => {
    const config = join(dir, "env-config.json");
    writeFileSync(config, JSON.stringify({ "rate-limit": 7, "no-bootstrap": true }));
    const s = resolveSettings(spec, parseCommand(spec, [])!, { PDM_CONFIG: config, PDM_NO_LEDGER: "1" });
    expect(s["rate-limit"]).toMatchObject({ value: "7", source: "config file" });
    expect(s["no-bootstrap"]).toMatchObject({ value: true, source: "config file" });
    expect(s["no-ledger"]).toMatchObject({ value: true, source: "environment", from: "PDM_NO_LEDGER" });
    expect(() => resolveSettings(spec, parseCommand(spec, [])!, { PDM_BOOTSTRAP: "maybe" })).toThrow(/PDM_BOOTSTRAP must be true or false/);
  });
});

const pdm = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [pdmBin(), ...args], { cwd: root, encoding: "utf8", env: { ...process.env, ...env } });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

/** Starts a command, waits for the server's first line, and returns it with the process. */
function started(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server within 90 s: ${out}`)), 90_000);
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /pdm listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on("exit", () => reject(new Error(`exited before listening: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, listening, exited };
}

describe("pdm serve as an operator runs it", () => {
  it("a bad config file is a sentence and exit 2", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ prot: 1 }));
    const r = pdm(["serve", "--config", bad]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('"prot", which is not an option');
  });

  it("PORT and HOST choose where it listens", async () => {
    const port = await freePort();
    const s = started(process.execPath, [pdmBin(), "serve", "--no-ledger"], { PORT: String(port), HOST: "127.0.0.1" });
    expect(await s.listening).toBe(`http://127.0.0.1:${port}`);
    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("SIGHUP (its terminal closed, a reload meant) stops it gracefully, exit 0, as SIGTERM does", async () => {
    const port = await freePort();
    const s = started(process.execPath, [pdmBin(), "serve", "--no-ledger"], { PORT: String(port), HOST: "127.0.0.1" });
    await s.listening;
    s.child.kill("SIGHUP");
    expect(await s.exited).toBe(0);
  });

  it("a port in use says so and how to choose another", async () => {
    const blocker = createServer().listen(0, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    const { port } = blocker.address() as { port: number };
    const r = pdm(["serve", "--no-ledger"], { PORT: String(port) });
    blocker.close();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("EADDRINUSE");
    expect(r.stderr).toContain("PORT is " + port);
  });

  it("npm start passes SIGTERM on: the server stops with it", async () => {
    const port = await freePort();
    const s = started("npm", ["start", "--silent", "--", "--no-ledger"], { PORT: String(port) });
    const url = await s.listening;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    s.child.kill("SIGTERM");
    await s.exited;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
