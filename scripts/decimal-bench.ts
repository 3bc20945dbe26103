// `npx tsx scripts/decimal-bench.ts`: nanoseconds per call of the runtime Decimal's powers and
// roots, and of a loan payment p × r / (1 − (1 + r) ** −n), beside decimal.js at 34 digits and JS
// doubles (the least time over many short rounds). A measurement script, not a test: its numbers
// go to docs/numbers.md.
import { Decimal as DecimalJs } from "decimal.js";
import { Decimal } from "../src/runtime/decimal.js";

const Reference = DecimalJs.clone({ precision: 34, rounding: 6, toExpNeg: -1_000_000, toExpPos: 1_000_000, minE: -6143, maxE: 6144 });

/**
 * The least mean time per call over many short rounds, in ns: on a shared machine a round of a
 * millisecond or two often runs without being preempted, so the least is the uncontended time.
 */
function nsPerCall(f: (i: number) => unknown): number {
  let n = 1;
  for (let t = 0; t < 1; n *= 2) {
    const start = performance.now();
    for (let i = 0; i < n; i++) f(i);
    t = performance.now() - start;
  }
  let best = Infinity;
  for (let round = 0; round < 300; round++) {
    const start = performance.now();
    for (let i = 0; i < n; i++) f(i);
    best = Math.min(best, ((performance.now() - start) * 1e6) / n);
  }
  return best;
}

type Case = [label: string, ours: (i: number) => unknown, reference: (i: number) => unknown, double?: (i: number) => unknown];

const rates = ["0.0045", "0.005", "0.00375", "0.0041666", "0.0062"].map((r) => [new Decimal(r), new Reference(r), Number(r)] as const);
const rate = (i: number) => rates[i % rates.length]!;

// short operands as a model reads them (amounts in cents, three-decimal rates) for quotients that
// meet more arithmetic: the quotient form's way into the exact form
const amounts = Array.from({ length: 64 }, (_, i) => ((i * 7919) % 100_000) / 100 + 1).map(
  (v) => [new Decimal(v), new Reference(v)] as const,
);
const others = Array.from({ length: 64 }, (_, i) => ((i * 104_729) % 100_000) / 1000 + 1).map(
  (v) => [new Decimal(v), new Reference(v)] as const,
);
const a = (i: number) => amounts[i & 63]!;
const b = (i: number) => others[i & 63]!;

const cases: Case[] = [
  ["(1 + 0.0045) ** -360", () => new Decimal("1.0045").pow(-360), () => new Reference("1.0045").pow(-360)],
  ["(1 + r) ** -360, five rates", (i) => rate(i)[0].plus(1).pow(-360), (i) => rate(i)[1].plus(1).pow(-360)],
  ["1.0045 ** 360", () => new Decimal("1.0045").pow(360), () => new Reference("1.0045").pow(360)],
  ["1.0045 ** 12", () => new Decimal("1.0045").pow(12), () => new Reference("1.0045").pow(12)],
  ["2 ** 100", () => new Decimal(2).pow(100), () => new Reference(2).pow(100)],
  ["1.07 ** 2.5", () => new Decimal("1.07").pow("2.5"), () => new Reference("1.07").pow("2.5")],
  ["sqrt(2)", () => new Decimal(2).sqrt(), () => new Reference(2).sqrt()],
  ["exp(1.5)", () => new Decimal("1.5").exp(), () => new Reference("1.5").exp()],
  ["ln(10)", () => new Decimal(10).ln(), () => new Reference(10).ln()],
  [
    "1 / 3 + 2 / 7 (34-digit sum)",
    () => new Decimal(1).div(3).plus(new Decimal(2).div(7)),
    () => new Reference(1).div(3).plus(new Reference(2).div(7)),
  ],
  ["a / 7 + b", (i) => a(i)[0].div(7).plus(b(i)[0]), (i) => a(i)[1].div(7).plus(b(i)[1])],
  ["a / 7 × b", (i) => a(i)[0].div(7).times(b(i)[0]), (i) => a(i)[1].div(7).times(b(i)[1])],
  ["(a / 7) ** 2", (i) => a(i)[0].div(7).pow(2), (i) => a(i)[1].div(7).pow(2)],
  ["a / 3 − b / 7", (i) => a(i)[0].div(3).minus(b(i)[0].div(7)), (i) => a(i)[1].div(3).minus(b(i)[1].div(7))],
  ["sqrt(a)", (i) => a(i)[0].sqrt(), (i) => a(i)[1].sqrt()],
  [
    "p × r / (1 − (1 + r) ** −360)",
    (i) => {
      const [r] = rate(i);
      return new Decimal(250_000).times(r).div(new Decimal(1).minus(r.plus(1).pow(-360)));
    },
    (i) => {
      const [, r] = rate(i);
      return new Reference(250_000).times(r).div(new Reference(1).minus(r.plus(1).pow(-360)));
    },
    (i) => {
      const [, , r] = rate(i);
      return (250_000 * r) / (1 - (1 + r) ** -360);
    },
  ],
];

let sink = 0;
const keep = (f: (i: number) => unknown) => (i: number) => {
  sink ^= f(i) === null ? 1 : 0;
};
// every path compiled before any is measured
for (const [, ours, reference, double] of cases) for (let i = 0; i < 20_000; i++) [ours, reference, double ?? ours].forEach((f) => f(i));
console.log("| operation | runtime Decimal (ns) | decimal.js (ns) | JS doubles (ns) |");
console.log("|---|---:|---:|---:|");
for (const [label, ours, reference, double] of cases) {
  const a = nsPerCall(keep(ours));
  const b = nsPerCall(keep(reference));
  const c = double ? nsPerCall(keep(double)).toFixed(1) : "";
  console.log(`| ${label} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${c} |`);
}
if (sink < 0) console.log(sink);
