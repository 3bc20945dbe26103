// A fresh install prints no warning a user must wonder about: no locked package asks for a Node
// version this project says it runs on (npm's EBADENGINE), and every locked package with an
// install script is decided in package.json's `allowScripts` (npm's "install scripts not yet
// covered by allowScripts"). Checked on the lockfile, which is what `npm ci` installs.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8"));
const locked = Object.entries(lock.packages as Record<string, Record<string, unknown>>).filter(([path]) => path !== "");
const nameOf = (path: string) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);

type Version = [number, number, number];
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of a node-semver range (`>=20.12`, `^18.18.0`, `20.x`, `*`). */
function test(v: Version, comparator: string): boolean {
  const [, op = "", rest = ""] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(comparator)!;
  const given = rest.split(".").filter((p) => !/^[x*X]$/.test(p) && p !== "");
  if (given.length === 0) return true;
  const n = given.map(Number);
  const at: Version = [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0];
  const c = compare(v, at);
  const below = (upper: Version) => c >= 0 && compare(v, upper) < 0;
  switch (op) {
    case ">=":
      return c >= 0;
    case ">":
      return c > 0;
    case "<=":
      return c <= 0;
    case "<":
      return c < 0;
    case "^":
      return below(at[0] > 0 || n.length === 1 ? [at[0] + 1, 0, 0] : at[1] > 0 || n.length === 2 ? [0, at[1] + 1, 0] : [0, 0, at[2] + 1]);
    case "~":
      return below(n.length >= 2 ? [at[0], at[1] + 1, 0] : [at[0] + 1, 0, 0]);
    default:
      return given.every((p, i) => v[i] === Number(p));
  }
}

function satisfies(v: Version, range: string): boolean {
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .filter((c) => c !== "")
      .every((c) => test(v, c)),
  );
}

describe("a fresh install", () => {
  it("reads node-semver ranges as npm does, on the forms the lockfile holds", () => {
    expect(satisfies([20, 20, 2], ">=22")).toBe(false);
    expect(satisfies([20, 20, 2], ">= 20.12.0")).toBe(true);
    expect(satisfies([20, 20, 2], "^20.19.0 || >=22.12.0")).toBe(true);
    expect(satisfies([20, 18, 0], "^20.19.0 || >=22.12.0")).toBe(false);
    expect(satisfies([20, 20, 2], "^20.12||^22.13||>=24.0")).toBe(true);
    expect(satisfies([20, 20, 2], "10.* || >= 12.*")).toBe(true);
    expect(satisfies([20, 20, 2], "18 || 20 || >=22")).toBe(true);
    expect(satisfies([21, 0, 0], "18 || 20 || >=22")).toBe(false);
    expect(satisfies([20, 20, 2], "~20.20.0")).toBe(true);
    expect(satisfies([20, 21, 0], "~20.20.0")).toBe(false);
  });

  it("locks no package whose engines exclude the Node this runs on, when package.json supports it", () => {
    const current = process.versions.node.split(".").map(Number) as Version;
    expect(satisfies(current, pkg.engines.node)).toBe(true);
    const refused = locked
      .filter(([, entry]) => typeof (entry.engines as { node?: unknown } | undefined)?.node === "string")
      .filter(([, entry]) => !satisfies(current, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${nameOf(path)}@${String(entry.version)} wants node ${(entry.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });

  it("decides every install script in allowScripts", () => {
    const policy = (pkg.allowScripts ?? {}) as Record<string, boolean>;
    const undecided = locked
      .filter(([path, entry]) => entry.hasInstallScript === true && !(nameOf(path) in policy))
      .map(([path]) => nameOf(path));
    expect(undecided).toEqual([]);
  });
});
