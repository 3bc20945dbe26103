// A know-your-customer screen over text: normalised names, country lists, e-mail and occupation
// checks, keyword search in a free-text source of funds, a score and a decision table.
import { int, pick } from "./random.js";
import type { CorpusModel, State } from "./types.js";

const HIGH_RISK = ["IR", "KP", "SY", "MM", "AF", "YE"];
const RISKY_WORDS = ["cash", "crypto", "casino", "gift", "offshore"];
const RISKY_JOBS = ["dealer", "broker", "jeweller", "money"];

const model = {
  content: {
    name: "Customer screening",
    inputs: {
      "full name": { type: "string", desc: "What is the customer's full name as written on the form?" },
      country: { type: "string", desc: "What is the customer's country of residence, as an ISO code?" },
      email: { type: "string", desc: "What e-mail address did the customer give?" },
      occupation: { type: "string", desc: "What occupation did the customer state?" },
      "source of funds": { type: "string", desc: "How does the customer describe the source of the funds?" },
    },
    decisions: {
      "display name": 'upper case(substring before(full name, " ")) + " " + substring after(full name, " ")',
      "name length": "string length(full name)",
      "high risk country": `upper case(country) in [${HIGH_RISK.map((c) => `"${c}"`).join(", ")}]`,
      "free mail": 'ends with(lower case(email), "@mail.example") or ends with(lower case(email), "@inbox.example")',
      "email ok": 'contains(email, "@") and not(starts with(email, "@")) and string length(substring after(email, "@")) >= 3',
      "risky job": `some w in [${RISKY_JOBS.map((w) => `"${w}"`).join(", ")}] satisfies contains(lower case(occupation), w)`,
      "risky funds words": `count([${RISKY_WORDS.map((w) => `"${w}"`).join(", ")}][contains(lower case(source of funds), item)])`,
      score:
        "(if high risk country then 50 else 0) + (if free mail then 5 else 0) + (if email ok then 0 else 20) + (if risky job then 15 else 0) + risky funds words * 10",
      outcome: [
        ["score", "high risk country", "=> clear|review|refuse"],
        [">= 60", "-", "refuse"],
        ["-", "true", "review"],
        [">= 25", "-", "review"],
        ["-", "-", "clear"],
      ],
    },
  },
  questions: {
    outcome: {
      type: "choice",
      instructions: "What should happen with the customer?",
      options: { clear: "open the account", review: "send to a compliance analyst", refuse: "decline the customer" },
    },
  },
};

function handwritten(s: State) {
  const name = s["full name"] as string;
  const space = name.indexOf(" ");
  const first = space < 0 ? "" : name.slice(0, space);
  const rest = space < 0 ? "" : name.slice(space + 1);
  const email = s.email as string;
  const lowerMail = email.toLowerCase();
  const at = email.indexOf("@");
  const domain = at < 0 ? "" : email.slice(at + 1);
  const highRisk = HIGH_RISK.includes((s.country as string).toUpperCase());
  const freeMail = lowerMail.endsWith("@mail.example") || lowerMail.endsWith("@inbox.example");
  const emailOk = at >= 0 && !email.startsWith("@") && [...domain].length >= 3;
  const job = (s.occupation as string).toLowerCase();
  const riskyJob = RISKY_JOBS.some((w) => job.includes(w));
  const funds = (s["source of funds"] as string).toLowerCase();
  const words = RISKY_WORDS.filter((w) => funds.includes(w)).length;
  const score = (highRisk ? 50 : 0) + (freeMail ? 5 : 0) + (emailOk ? 0 : 20) + (riskyJob ? 15 : 0) + words * 10;
  const outcome = score >= 60 ? "refuse" : highRisk || score >= 25 ? "review" : "clear";
  return {
    "display name": `${first.toUpperCase()} ${rest}`,
    "name length": [...name].length,
    "high risk country": highRisk,
    "free mail": freeMail,
    "email ok": emailOk,
    "risky job": riskyJob,
    "risky funds words": words,
    score,
    outcome,
  };
}

const FIRST = ["Ana", "José", "Li", "Olga", "Émile", "Kwame", "Sven", "Aiko", "Zoë", "Omar"];
const LAST = ["García", "Nakamura", "O'Brien", "Okafor", "Müller", "Smith", "van der Berg", "Kowalska"];
const COUNTRIES = ["GB", "fr", "DE", "IR", "us", "NG", "KP", "jp", "BR", "SY"];
const DOMAINS = ["mail.example", "inbox.example", "corp.example", "ex", "Mail.Example"];
const JOBS = ["Teacher", "Car Dealer", "software engineer", "Jeweller", "nurse", "Stock Broker", "retired", "Money transfer agent"];
const FUNDS = [
  "salary",
  "sale of a house",
  "Cash savings",
  "crypto trading gains",
  "inheritance",
  "casino winnings and gifts",
  "offshore trust",
];

export const kycScreen: CorpusModel = {
  name: "kyc-screen",
  kind: "string-heavy",
  model,
  state: (rnd) => ({
    "full name": `${pick(rnd, FIRST)} ${pick(rnd, LAST)}`,
    country: pick(rnd, COUNTRIES),
    email: rnd() < 0.05 ? "no-address" : `${pick(rnd, ["a", "b.c", "x_y"])}${int(rnd, 1, 99)}@${pick(rnd, DOMAINS)}`,
    occupation: pick(rnd, JOBS),
    "source of funds": `${pick(rnd, FUNDS)}${rnd() < 0.3 ? ` and ${pick(rnd, FUNDS)}` : ""}`,
  }),
  handwritten,
};
