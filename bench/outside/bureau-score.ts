// A retail credit score from a bureau file: a list of account structs read with some/every,
// filters, projections and max over a loop, points kept in a context of nested contexts whose
// entries read the ones before them, a grade table and a limit offer.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int, pick } from "../corpus/random.js";
import type { State } from "../corpus/types.js";
import type { OutsideModel } from "./types.js";

const KINDS = ["card", "loan", "mortgage", "overdraft"] as const;
const STATUSES = ["owner", "mortgage", "renter", "family"] as const;

const model = {
  content: {
    name: "Bureau scorecard",
    types: {
      account: {
        kind: KINDS.join("|"),
        balance: "number >= 0",
        limit: "number > 0",
        "months open": "number >= 0",
        "worst arrears": "number [0..6]",
        defaulted: "boolean",
      },
    },
    inputs: {
      age: { type: "number [18..100]", desc: "How old is the applicant, in years?" },
      "years at address": { type: "number [0..80]", desc: "For how many years has the applicant lived at the address?" },
      "residential status": { type: STATUSES.join("|"), desc: "Does the applicant own, rent or live with family?" },
      "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in pounds?" },
      accounts: { type: ["account"], desc: "Which credit accounts does the bureau file list?" },
      searches: { type: "number [0..50]", desc: "How many credit searches were made in the last six months?" },
    },
    decisions: {
      revolving: 'accounts[kind = "card" or kind = "overdraft"]',
      utilisation:
        "if count(revolving) = 0 then null else decimal(sum(for a in revolving return a.balance) / sum(for a in revolving return a.limit), 4)",
      "any default": "some a in accounts satisfies a.defaulted",
      "all current": "every a in accounts satisfies a.worst arrears = 0",
      "thin file": "count(accounts) < 2 or max(for a in accounts return a.months open) < 12",
      "arrears kinds": "distinct values(accounts[worst arrears >= 3].kind)",
      points: `{
        identity: {
          age: if age < 25 then 10 else if age < 40 then 25 else 35,
          stability: min(30, years at address * 3) + (if residential status in ("owner", "mortgage") then 15 else 0),
          total: age + stability
        },
        conduct: {
          arrears: if any default then -120 else if all current then 60 else 20 - 10 * max(for a in accounts return a.worst arrears),
          usage: if utilisation = null then 10 else if utilisation < 0.3 then 40 else if utilisation < 0.7 then 15 else -20,
          depth: min(5, count(accounts[months open >= 24])) * 8,
          total: arrears + usage + depth
        },
        searches: -8 * min(5, searches)
      }`,
      score: "500 + points.identity.total + points.conduct.total + points.searches",
      grade: [
        ["score", "=> A|B|C|D|E"],
        [">= 640", "A"],
        ["[600..640)", "B"],
        ["[560..600)", "C"],
        ["[520..560)", "D"],
        ["-", "E"],
      ],
      "limit offer": {
        type: "number >= 0",
        expr: 'if any default or thin file or grade in ("D", "E") then 0 else min(25000, floor(annual income * (if grade = "A" then 0.3 else if grade = "B" then 0.2 else 0.1) / 100) * 100)',
      },
      "decline reason": 'if any default then "default" else if thin file then "thin file" else if score < 520 then "score" else null',
    },
  },
  questions: {
    grade: { type: "choice", instructions: "Which risk grade does the applicant get?", options: ["A", "B", "C", "D", "E"] },
    "limit offer": { type: "number", instructions: "What credit limit, in pounds, can be offered?" },
  },
};

interface Account {
  kind: string;
  balance: number;
  limit: number;
  "months open": number;
  "worst arrears": number;
  defaulted: boolean;
}

function handwritten(s: State) {
  const accounts = s.accounts as Account[];
  const age = s.age as number;
  const revolving = accounts.filter((a) => a.kind === "card" || a.kind === "overdraft");
  let balance = 0;
  let limit = 0;
  for (const a of revolving) {
    balance += a.balance;
    limit += a.limit;
  }
  const utilisation = revolving.length === 0 ? null : roundHalfEven(balance / limit, 4);
  const anyDefault = accounts.some((a) => a.defaulted);
  const allCurrent = accounts.every((a) => a["worst arrears"] === 0);
  const thin = accounts.length < 2 || Math.max(...accounts.map((a) => a["months open"])) < 12;
  const identityAge = age < 25 ? 10 : age < 40 ? 25 : 35;
  const status = s["residential status"];
  const stability = Math.min(30, (s["years at address"] as number) * 3) + (status === "owner" || status === "mortgage" ? 15 : 0);
  const arrears = anyDefault ? -120 : allCurrent ? 60 : 20 - 10 * Math.max(...accounts.map((a) => a["worst arrears"]));
  const usage = utilisation === null ? 10 : utilisation < 0.3 ? 40 : utilisation < 0.7 ? 15 : -20;
  const depth = Math.min(5, accounts.filter((a) => a["months open"] >= 24).length) * 8;
  const searches = -8 * Math.min(5, s.searches as number);
  const points = {
    identity: { age: identityAge, stability, total: identityAge + stability },
    conduct: { arrears, usage, depth, total: arrears + usage + depth },
    searches,
  };
  const score = 500 + points.identity.total + points.conduct.total + searches;
  const grade = score >= 640 ? "A" : score >= 600 ? "B" : score >= 560 ? "C" : score >= 520 ? "D" : "E";
  const share = grade === "A" ? 0.3 : grade === "B" ? 0.2 : 0.1;
  const offer =
    anyDefault || thin || grade === "D" || grade === "E"
      ? 0
      : Math.min(25000, Math.floor(((s["annual income"] as number) * share) / 100) * 100);
  return {
    revolving,
    utilisation,
    "any default": anyDefault,
    "all current": allCurrent,
    "thin file": thin,
    "arrears kinds": [...new Set(accounts.filter((a) => a["worst arrears"] >= 3).map((a) => a.kind))],
    points,
    score,
    grade,
    "limit offer": offer,
    "decline reason": anyDefault ? "default" : thin ? "thin file" : score < 520 ? "score" : null,
  };
}

const account = (rnd: () => number): Account => {
  const kind = pick(rnd, KINDS);
  const limit = kind === "mortgage" ? int(rnd, 50, 600) * 1000 : kind === "loan" ? int(rnd, 1, 40) * 500 : int(rnd, 2, 60) * 250;
  return {
    kind,
    balance: fixed(rnd, 0, limit * (rnd() < 0.1 ? 1.1 : 1), 2),
    limit,
    "months open": int(rnd, 0, 240),
    "worst arrears": rnd() < 0.75 ? 0 : int(rnd, 1, 6),
    defaulted: rnd() < 0.04,
  };
};

export const bureauScore: OutsideModel = {
  name: "bureau-score",
  kind: "some/every over structs, nested contexts",
  model,
  state: (rnd) => ({
    age: int(rnd, 18, 85),
    "years at address": int(rnd, 0, 30),
    "residential status": pick(rnd, STATUSES),
    "annual income": rnd() < 0.03 ? 0 : int(rnd, 8, 200) * 1000,
    accounts: Array.from({ length: int(rnd, 0, 9) }, () => account(rnd)),
    searches: rnd() < 0.5 ? 0 : int(rnd, 1, 8),
  }),
  handwritten,
  approximate: [],
};
