// Motor claims triage at an insurer: 45 rules over three tables whose hit policies are not FIRST
// (COLLECT SUM of excess loadings, PRIORITY of the handling route, RULE ORDER of the documents to
// ask for), with lists of strings, not(...), ranges, booleans and a count of fraud indicators.
import { fixed, int, pick } from "../corpus/random.js";
import type { State } from "../corpus/types.js";
import type { OutsideModel } from "./types.js";

const CLAIM_TYPES = ["collision", "theft", "glass", "fire", "flood", "vandalism", "injury"] as const;
const CHANNELS = ["app", "phone", "broker", "branch"] as const;
const COVERS = ["third_party", "third_party_fire_theft", "comprehensive"] as const;
const INDICATORS = ["late_report", "recent_policy", "address_change", "no_witness", "cash_repair", "prior_fraud"] as const;
const REGIONS = ["LDN", "MAN", "BHM", "GLA", "CDF", "BEL", "LDS", "BRS"] as const;

const model = {
  content: {
    name: "Motor claims triage",
    inputs: {
      "claim type": { type: CLAIM_TYPES.join("|"), desc: "What kind of loss does the claim report?" },
      "claimed amount": { type: "number >= 0", desc: "How many pounds does the policyholder claim?" },
      "policy age days": { type: "number >= 0", desc: "How many days before the loss did the policy start?" },
      "prior claims": { type: "number [0..20]", desc: "How many claims has the policyholder made in the last five years?" },
      "driver age": { type: "number [17..100]", desc: "How old was the driver at the time of the loss?" },
      "police report": { type: "boolean", desc: "Was the loss reported to the police?" },
      "third party": { type: "boolean", desc: "Was another vehicle or person involved?" },
      channel: { type: CHANNELS.join("|"), desc: "Through which channel was the claim made?" },
      cover: { type: COVERS.join("|"), desc: "What level of cover does the policy give?" },
      region: { type: "string", desc: "Which regional office code handles the policy?" },
      indicators: { type: ["string"], desc: "Which fraud indicators did the first notification raise?" },
    },
    decisions: {
      "indicator count": "count(indicators)",
      "excess loading": {
        hit: "COLLECT SUM",
        table: [
          ["claim type", "driver age", "prior claims", "cover", "channel", "=> number"],
          ["-", "-", "-", "-", "-", "250"],
          ["-", "[17..20]", "-", "-", "-", "300"],
          ["-", "[21..24]", "-", "-", "-", "150"],
          ["-", ">= 75", "-", "-", "-", "100"],
          ["-", "-", "[2..3]", "-", "-", "100"],
          ["-", "-", ">= 4", "-", "-", "250"],
          ["theft", "-", "-", "-", "-", "200"],
          ["glass", "-", "-", "comprehensive", "-", "-175"],
          ["fire, flood", "-", "-", "-", "-", "50"],
          ["vandalism", "-", "-", "not(comprehensive)", "-", "75"],
          ["collision, injury", "< 25", "> 0", "-", "-", "125"],
          ["-", "-", "-", "third_party", "-", "100"],
          ["-", "-", "-", "-", "broker", "-25"],
          ["not(glass)", "-", "0", "comprehensive", "app", "-50"],
        ],
      },
      "handling route": {
        hit: "PRIORITY",
        table: [
          [
            "claim type",
            "claimed amount",
            "indicator count",
            "policy age days",
            "third party",
            "police report",
            "=> investigate|specialist|adjuster|fast_track|desk",
          ],
          ["-", "-", ">= 3", "-", "-", "-", "investigate"],
          ["theft", "-", "-", "< 30", "-", "-", "investigate"],
          ["theft", "-", "-", "-", "-", "false", "investigate"],
          ["-", "> 50000", "[1..2]", "-", "-", "-", "investigate"],
          ["injury", "-", "-", "-", "-", "-", "specialist"],
          ["fire", "> 5000", "-", "-", "-", "-", "specialist"],
          ["flood", "-", "-", "-", "-", "-", "specialist"],
          ["collision", "(5000..50000]", "-", "-", "true", "-", "adjuster"],
          ["not(glass, injury)", "> 50000", "-", "-", "-", "-", "adjuster"],
          ["-", "-", "[1..2]", "< 90", "-", "-", "adjuster"],
          ["vandalism", "> 1500", "-", "-", "-", "-", "adjuster"],
          ["glass", "<= 1500", "0", "-", "-", "-", "fast_track"],
          ["collision, vandalism", "<= 2500", "0", ">= 365", "false", "-", "fast_track"],
          ["-", "-", "-", "-", "-", "-", "desk"],
        ],
      },
      documents: {
        hit: "RULE ORDER",
        table: [
          ["claim type", "claimed amount", "police report", "third party", "region", "cover", "=> string"],
          ["-", "-", "-", "-", "-", "-", "claim form"],
          ["theft, vandalism", "-", "true", "-", "-", "-", "crime reference"],
          ["theft", "-", "-", "-", "-", "-", "both sets of keys"],
          ["-", "> 10000", "-", "-", "-", "-", "engineer report"],
          ["collision, injury", "-", "-", "true", "-", "-", "third party details"],
          ["injury", "-", "-", "-", "-", "-", "medical report"],
          ["fire", "-", "-", "-", "-", "-", "fire brigade report"],
          ["flood", "-", "-", "-", '"GLA", "BEL"', "-", "local authority flood notice"],
          ["glass", "<= 1500", "-", "-", "-", "comprehensive", "windscreen invoice"],
          ["not(glass)", "[2500..10000]", "-", "-", "-", "-", "two repair quotes"],
          ["-", "-", "-", "-", '"LDN"', "not(third_party)", "dash cam footage if any"],
          ["-", "> 75000", "-", "-", "-", "-", "proof of ownership"],
        ],
      },
      covered: [
        ["claim type", "cover", "third party", "=> boolean"],
        ["glass, vandalism, flood", "third_party, third_party_fire_theft", "-", "false"],
        ["theft, fire", "third_party", "-", "false"],
        ["collision", "third_party, third_party_fire_theft", "false", "false"],
        ["-", "-", "-", "true"],
      ],
      reserve: "if covered then max(0, claimed amount - excess loading) else 0",
    },
  },
  questions: {
    "handling route": {
      type: "choice",
      instructions: "Who should handle the claim?",
      options: ["investigate", "specialist", "adjuster", "fast_track", "desk"],
    },
  },
};

interface Claim {
  type: string;
  amount: number;
  policyAge: number;
  prior: number;
  age: number;
  police: boolean;
  thirdParty: boolean;
  channel: string;
  cover: string;
  region: string;
  indicators: number;
}

function excess(c: Claim): number {
  let sum = 250;
  if (c.age <= 20) sum += 300;
  else if (c.age <= 24) sum += 150;
  else if (c.age >= 75) sum += 100;
  if (c.prior >= 4) sum += 250;
  else if (c.prior >= 2) sum += 100;
  if (c.type === "theft") sum += 200;
  if (c.type === "glass" && c.cover === "comprehensive") sum -= 175;
  if (c.type === "fire" || c.type === "flood") sum += 50;
  if (c.type === "vandalism" && c.cover !== "comprehensive") sum += 75;
  if ((c.type === "collision" || c.type === "injury") && c.age < 25 && c.prior > 0) sum += 125;
  if (c.cover === "third_party") sum += 100;
  if (c.channel === "broker") sum -= 25;
  if (c.type !== "glass" && c.prior === 0 && c.cover === "comprehensive" && c.channel === "app") sum -= 50;
  return sum;
}

function route(c: Claim): string {
  if (
    c.indicators >= 3 ||
    (c.type === "theft" && (c.policyAge < 30 || !c.police)) ||
    (c.amount > 50000 && c.indicators >= 1 && c.indicators <= 2)
  )
    return "investigate";
  if (c.type === "injury" || c.type === "flood" || (c.type === "fire" && c.amount > 5000)) return "specialist";
  if (
    (c.type === "collision" && c.amount > 5000 && c.amount <= 50000 && c.thirdParty) ||
    (c.type !== "glass" && c.type !== "injury" && c.amount > 50000) ||
    (c.indicators >= 1 && c.indicators <= 2 && c.policyAge < 90) ||
    (c.type === "vandalism" && c.amount > 1500)
  )
    return "adjuster";
  if (c.type === "glass" && c.amount <= 1500 && c.indicators === 0) return "fast_track";
  if ((c.type === "collision" || c.type === "vandalism") && c.amount <= 2500 && c.indicators === 0 && c.policyAge >= 365 && !c.thirdParty)
    return "fast_track";
  return "desk";
}

function documents(c: Claim): string[] {
  const docs = ["claim form"];
  if ((c.type === "theft" || c.type === "vandalism") && c.police) docs.push("crime reference");
  if (c.type === "theft") docs.push("both sets of keys");
  if (c.amount > 10000) docs.push("engineer report");
  if ((c.type === "collision" || c.type === "injury") && c.thirdParty) docs.push("third party details");
  if (c.type === "injury") docs.push("medical report");
  if (c.type === "fire") docs.push("fire brigade report");
  if (c.type === "flood" && (c.region === "GLA" || c.region === "BEL")) docs.push("local authority flood notice");
  if (c.type === "glass" && c.amount <= 1500 && c.cover === "comprehensive") docs.push("windscreen invoice");
  if (c.type !== "glass" && c.amount >= 2500 && c.amount <= 10000) docs.push("two repair quotes");
  if (c.region === "LDN" && c.cover !== "third_party") docs.push("dash cam footage if any");
  if (c.amount > 75000) docs.push("proof of ownership");
  return docs;
}

function covered(c: Claim): boolean {
  const partial = c.cover === "third_party" || c.cover === "third_party_fire_theft";
  if ((c.type === "glass" || c.type === "vandalism" || c.type === "flood") && partial) return false;
  if ((c.type === "theft" || c.type === "fire") && c.cover === "third_party") return false;
  if (c.type === "collision" && partial && !c.thirdParty) return false;
  return true;
}

function handwritten(s: State) {
  const c: Claim = {
    type: s["claim type"] as string,
    amount: s["claimed amount"] as number,
    policyAge: s["policy age days"] as number,
    prior: s["prior claims"] as number,
    age: s["driver age"] as number,
    police: s["police report"] as boolean,
    thirdParty: s["third party"] as boolean,
    channel: s.channel as string,
    cover: s.cover as string,
    region: s.region as string,
    indicators: (s.indicators as string[]).length,
  };
  const loading = excess(c);
  const isCovered = covered(c);
  return {
    "indicator count": c.indicators,
    "excess loading": loading,
    "handling route": route(c),
    documents: documents(c),
    covered: isCovered,
    reserve: isCovered ? Math.round(Math.max(0, c.amount - loading) * 100) / 100 : 0,
  };
}

export const motorClaims: OutsideModel = {
  name: "motor-claims",
  kind: "COLLECT SUM, PRIORITY and RULE ORDER tables",
  model,
  state: (rnd) => ({
    "claim type": pick(rnd, CLAIM_TYPES),
    "claimed amount":
      rnd() < 0.7 ? fixed(rnd, 50, 12000, 2) : pick(rnd, [1500, 2500, 5000, 10000, 50000, 75000, fixed(rnd, 12000, 150000, 2)]),
    "policy age days": int(rnd, 0, 3000),
    "prior claims": rnd() < 0.6 ? 0 : int(rnd, 1, 6),
    "driver age": int(rnd, 17, 90),
    "police report": rnd() < 0.5,
    "third party": rnd() < 0.4,
    channel: pick(rnd, CHANNELS),
    cover: pick(rnd, COVERS),
    region: pick(rnd, REGIONS),
    indicators: INDICATORS.filter(() => rnd() < 0.12),
  }),
  handwritten,
  approximate: [],
  lenient: true,
};
