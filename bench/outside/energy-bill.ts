// A household energy bill under a regulated tariff: unit tiers cut with min and max, a regional
// standing charge, a social tariff cap, discounts that cannot take the bill below zero, VAT and an
// arrears repayment plan, written as the chains of `if` a pricing analyst writes.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int, pick } from "../corpus/random.js";
import type { State } from "../corpus/types.js";
import type { OutsideModel } from "./types.js";

const REGIONS = ["north", "midlands", "south", "wales", "scotland"] as const;
const STANDING: Record<string, number> = { north: 0.5218, midlands: 0.4987, south: 0.4735, wales: 0.5512, scotland: 0.5391 };

const model = {
  content: {
    name: "Energy bill",
    inputs: {
      "opening reading": { type: "number >= 0", desc: "What did the meter read at the start of the period, in kWh?" },
      "closing reading": { type: "number >= 0", desc: "What did the meter read at the end of the period, in kWh?" },
      days: { type: "number [1..366]", desc: "How many days does the billing period cover?" },
      tariff: { type: "standard|economy7|social", desc: "Which tariff is the household on?" },
      "night percent": { type: "number [0..100]", desc: "What percent of the units were used at night?" },
      region: { type: REGIONS.join("|"), desc: "In which region is the supply?" },
      "direct debit": { type: "boolean", desc: "Does the household pay by direct debit?" },
      "warm home discount": { type: "boolean", desc: "Is the household entitled to the warm home discount?" },
      arrears: { type: "number >= 0", desc: "How many pounds does the household already owe?" },
    },
    decisions: {
      units: "max(0, closing reading - opening reading)",
      "night units": 'if tariff = "economy7" then decimal(units * night percent / 100, 1) else 0',
      "day units": "units - night units",
      "low tier units": "min(day units, 8 * days)",
      "energy charge": {
        type: "number",
        let: {
          "low price": 'if tariff = "social" then 0.1950 else 0.2450',
          "high price": 'if tariff = "social" then 0.2200 else if tariff = "economy7" then 0.3120 else 0.2740',
        },
        expr: "decimal(low tier units * low price + (day units - low tier units) * high price + night units * 0.1480, 2)",
      },
      "standing charge": [
        ["region", "=> number"],
        ...Object.entries(STANDING).map(([region, rate]) => [region, `decimal(days * ${rate}, 2)`]),
        ["-", "0"],
      ],
      "before discounts":
        'if tariff = "social" then min(energy charge + standing charge, decimal(days * 2.35, 2)) else energy charge + standing charge',
      discounts:
        "min(before discounts, (if direct debit then min(30, decimal(before discounts * 0.05, 2)) else 0) + (if warm home discount then 150 else 0))",
      "net of discounts": "before discounts - discounts",
      vat: "decimal(net of discounts * 0.05, 2)",
      total: "net of discounts + vat",
      "arrears instalment":
        "if arrears = 0 then 0 else if arrears <= 100 then arrears else decimal(max(10, min(arrears / 12, total * 0.5)), 2)",
      "amount due": "total + arrears instalment",
      "daily average": "if days = 0 then null else decimal(amount due / days, 2)",
    },
  },
  questions: {
    "amount due": { type: "number", instructions: "How many pounds does the household owe for the period?" },
  },
};

const money = (x: number): number => roundHalfEven(x, 2);

function handwritten(s: State) {
  const days = s.days as number;
  const tariff = s.tariff as string;
  const units = roundHalfEven(Math.max(0, (s["closing reading"] as number) - (s["opening reading"] as number)), 1);
  const night = tariff === "economy7" ? roundHalfEven((units * (s["night percent"] as number)) / 100, 1) : 0;
  const day = roundHalfEven(units - night, 1);
  const low = Math.min(day, 8 * days);
  const lowPrice = tariff === "social" ? 0.195 : 0.245;
  const highPrice = tariff === "social" ? 0.22 : tariff === "economy7" ? 0.312 : 0.274;
  const energy = money(low * lowPrice + (day - low) * highPrice + night * 0.148);
  const standing = money(days * STANDING[s.region as string]!);
  const before = tariff === "social" ? Math.min(money(energy + standing), money(days * 2.35)) : money(energy + standing);
  const discounts = money(
    Math.min(before, (s["direct debit"] ? Math.min(30, money(before * 0.05)) : 0) + (s["warm home discount"] ? 150 : 0)),
  );
  const net = money(before - discounts);
  const vat = money(net * 0.05);
  const total = money(net + vat);
  const arrears = s.arrears as number;
  const instalment = arrears === 0 ? 0 : arrears <= 100 ? arrears : money(Math.max(10, Math.min(arrears / 12, total * 0.5)));
  const due = money(total + instalment);
  return {
    units,
    "night units": night,
    "day units": day,
    "low tier units": low,
    "energy charge": energy,
    "standing charge": standing,
    "before discounts": before,
    discounts,
    "net of discounts": net,
    vat,
    total,
    "arrears instalment": instalment,
    "amount due": due,
    "daily average": money(due / days),
  };
}

export const energyBill: OutsideModel = {
  name: "energy-bill",
  kind: "min/max and if chains",
  model,
  state: (rnd) => {
    const opening = fixed(rnd, 0, 90000, 1);
    const days = pick(rnd, [28, 30, 31, 61, 90, 91, 92, int(rnd, 1, 366)]);
    return {
      "opening reading": opening,
      "closing reading": rnd() < 0.02 ? opening : Number((opening + fixed(rnd, 0, 30, 1) * days).toFixed(1)),
      days,
      tariff: pick(rnd, ["standard", "standard", "economy7", "social"]),
      "night percent": int(rnd, 0, 60),
      region: pick(rnd, REGIONS),
      "direct debit": rnd() < 0.7,
      "warm home discount": rnd() < 0.15,
      arrears: rnd() < 0.7 ? 0 : fixed(rnd, 5, 3000, 2),
    };
  },
  handwritten,
  approximate: [],
};
