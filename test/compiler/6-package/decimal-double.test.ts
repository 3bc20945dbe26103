// decimal-double.ts: the decimal.js subset over JS doubles. Behaviour of each method, and a
// type check of the whole runtime compiled against it, so a decimal.js method the runtime
// starts using is caught here rather than at run time in a double-mode package.
import { spawnSync } from "node:child_process";
import { cpSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Decimal, dec, isDecimal, ONE, ZERO } from "../../../src/runtime/decimal-double.js";
import { Decimal as Exact } from "../../../src/runtime/decimal.js";
import { root, tempDir } from "./helpers.js";

const d = (v: number | string) => new Decimal(v);

describe("Decimal over doubles", () => {
  it("computes with binary floating point", () => {
    expect(d("0.1").plus("0.2").toNumber()).toBe(0.30000000000000004);
    expect(d(1).div(3).toNumber()).toBe(1 / 3);
    expect(d(7).minus(10).times(2).toNumber()).toBe(-6);
    expect(d(2).pow(10).toNumber()).toBe(1024);
    expect(d(9).sqrt().toNumber()).toBe(3);
    expect(d(1).exp().ln().toNumber()).toBeCloseTo(1, 15);
    expect(d(7).divToInt(-2).toNumber()).toBe(-3);
  });

  it("keeps decimal.js's truncated modulo and its sign tests, -0 included", () => {
    expect(d(-7).mod(3).toNumber()).toBe(-1);
    expect(d(7).mod(-3).toNumber()).toBe(1);
    expect(d(-0).isNegative()).toBe(true);
    expect(d(-0).isZero()).toBe(true);
    expect(d(0).isNeg()).toBe(false);
    expect(d(-2.5).abs().eq(2.5)).toBe(true);
    expect(d(2.5).neg().isNeg()).toBe(true);
    expect([d(-2.5).floor(), d(-2.5).ceil(), d(-2.5).trunc()].map((x) => x.toNumber())).toEqual([-3, -2, -2]);
  });

  it("leaves a rounded quotient to the two steps, so an overflow is checked like any other", () => {
    expect(d(6).divToPlaces(d(4), 2, 6)).toBeNull();
    expect(d(1e308).divToPlaces(d(1e-10), 2, 6)).toBeNull();
  });

  it("compares like decimal.js", () => {
    expect([d(1).cmp(2), d(2).cmp(2), d(3).cmp(2)]).toEqual([-1, 0, 1]);
    expect(d(NaN).cmp(1)).toBeNaN();
    expect(d(1).lt(2) && d(2).lte(2) && d(3).gt(2) && d(2).gte(2) && d(-0).eq(0)).toBe(true);
    expect(d(2.5).isInteger()).toBe(false);
    expect(d(1e300).times(1e300).isFinite()).toBe(false);
  });

  it("prints plain notation, never an exponent", () => {
    expect(d(1e21).toString()).toBe("1000000000000000000000");
    expect(d(1.5e-7).toFixed()).toBe("0.00000015");
    expect(d(-123.456).toString()).toBe("-123.456");
    expect(d(0.1).plus(0.2).toString()).toBe("0.30000000000000004");
    expect(d(2.5).toFixed(3)).toBe("2.500");
    expect(d(1234.5).toFixed(0)).toBe("1234");
    expect(d(1234.5).toFixed(0, Decimal.ROUND_DOWN)).toBe("1234");
    expect(`${d(42)}`).toBe("42");
  });

  it("rounds the digits as written, in all nine decimal.js modes, like decimal.js on the same text", () => {
    const texts = ["2.675", "-2.675", "2.665", "-2.665", "1.005", "0.125", "-0.125", "9.995", "0.0004", "-0.0006", "123", "5e-10"];
    const modes = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
    for (const t of texts)
      for (const places of [0, 1, 2, 3])
        for (const mode of modes)
          expect(d(t).toDecimalPlaces(places, mode).toNumber(), `${t} to ${places} in mode ${mode}`).toBe(
            new Exact(t).toDecimalPlaces(places, mode).toNumber(),
          );
  });

  it("reads the strings decimal.js reads and rejects the others", () => {
    expect(d("1e3").toNumber()).toBe(1000);
    expect(d("-.5").toNumber()).toBe(-0.5);
    expect(new Decimal(d(3)).toNumber()).toBe(3);
    expect(() => d("12abc")).toThrow(/Invalid argument/);
    expect(() => d("")).toThrow(/Invalid argument/);
    expect(isDecimal(dec(1)) && !isDecimal(1)).toBe(true);
    expect([ZERO.toNumber(), ONE.toNumber()]).toEqual([0, 1]);
    expect(Decimal.ROUND_HALF_EVEN).toBe(Exact.ROUND_HALF_EVEN);
  });
});

describe("the runtime against decimal-double.ts", () => {
  it("type-checks with decimal.ts replaced by it", () => {
    const dir = tempDir("pdm-double-types-");
    cpSync(join(root, "src"), join(dir, "src"), { recursive: true });
    cpSync(join(root, "src/runtime/decimal-double.ts"), join(dir, "src/runtime/decimal.ts"));
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    const config = {
      compilerOptions: {
        strict: true,
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
      },
      files: ["src/runtime/generated-api.ts"],
    };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
    const r = spawnSync(join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
    // only the runtime's own files are this test's business (other folders may be mid-change)
    const runtimeErrors = (r.stdout + r.stderr).split("\n").filter((l) => /^src\/(runtime|answers)/.test(l));
    expect(runtimeErrors).toEqual([]);
    expect(r.stdout + r.stderr).not.toMatch(/error TS\d+.*decimal/i);
  });
});
