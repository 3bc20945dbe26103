// A know-your-customer screen on text fields: names cleaned and split, initials joined, a watch
// list searched with contains, e-mail and IBAN shapes checked with regular expressions, an IBAN
// length looked up by country and masked, and a review outcome from a table of the flags.
import { int, pick } from "../corpus/random.js";
import type { State } from "../corpus/types.js";
import type { OutsideModel } from "./types.js";

const WATCH = ["PETROV", "AL-RASHID", "KIM JONG", "ORTEGA"];
const FREE_MAIL = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com"];
const HIGH_RISK = ["IR", "KP", "SY", "MM"];
const IBAN_LENGTH: Record<string, number> = { GB: 22, DE: 22, IE: 22, FR: 27, IT: 27, ES: 24, NL: 18 };

const model = {
  content: {
    name: "Customer screening",
    inputs: {
      "full name": { type: "string", desc: "What is the customer's full name as written on the form?" },
      email: { type: "string", desc: "What e-mail address did the customer give?" },
      iban: { type: "string", desc: "Which IBAN will the customer pay from?" },
      "residence country": { type: "string", desc: "In which country (ISO code) does the customer live?" },
      occupation: { type: "string", desc: "What occupation did the customer state?" },
      address: { type: "string", desc: "What is the first line of the customer's address?" },
      "customer reference": { type: "string", desc: "What reference (KYC-year-number) does the record carry?" },
    },
    decisions: {
      "clean name": 'upper case(replace(full name, " +", " "))',
      "name parts": 'split(clean name, " ")',
      surname: "name parts[-1]",
      initials: 'string join(for w in name parts return substring(w, 1, 1), "")',
      "watch list hit": `some w in ${JSON.stringify(WATCH)} satisfies contains(clean name, w)`,
      "email valid": 'matches(email, "^[A-Za-z0-9._%+\\-]+@[A-Za-z0-9.\\-]+\\.[A-Za-z]{2,}$")',
      "email domain": 'lower case(substring after(email, "@"))',
      "free mail": `list contains(${JSON.stringify(FREE_MAIL)}, email domain)`,
      "compact iban": 'upper case(replace(iban, " ", ""))',
      "iban country": "substring(compact iban, 1, 2)",
      "expected length": [
        ["iban country", "=> number"],
        ...Object.entries(IBAN_LENGTH).map(([country, length]) => [country, String(length)]),
        ["-", "0"],
      ],
      "iban valid": 'matches(compact iban, "^[A-Z]{2}[0-9]{2}[A-Z0-9]+$") and string length(compact iban) = expected length',
      "masked iban": 'substring(compact iban, 1, 4) + " **** " + substring(compact iban, -4)',
      "high risk country": `iban country in (${HIGH_RISK.map((c) => `"${c}"`).join(", ")}) or upper case(residence country) in (${HIGH_RISK.map((c) => `"${c}"`).join(", ")})`,
      "occupation flag": 'matches(occupation, "consult|trad|crypto|invest", "i")',
      "po box": 'starts with(upper case(address), "PO BOX") or contains(upper case(address), "P.O. BOX")',
      "onboarding year": "number(substring(customer reference, 5, 4))",
      review: [
        [
          "watch list hit",
          "high risk country",
          "iban valid",
          "email valid",
          "occupation flag",
          "po box",
          "free mail",
          "onboarding year",
          "=> block|enhanced|repair|standard",
        ],
        ["true", "-", "-", "-", "-", "-", "-", "-", "block"],
        ["-", "true", "-", "-", "-", "-", "-", "-", "enhanced"],
        ["-", "-", "false", "-", "-", "-", "-", "-", "repair"],
        ["-", "-", "-", "false", "-", "-", "-", "-", "repair"],
        ["-", "-", "-", "-", "true", "true", "-", "-", "enhanced"],
        ["-", "-", "-", "-", "true", "-", "true", "< 2018", "enhanced"],
        ["-", "-", "-", "-", "-", "-", "-", "-", "standard"],
      ],
    },
  },
  questions: {
    review: {
      type: "choice",
      instructions: "How should the customer be reviewed?",
      options: ["block", "enhanced", "repair", "standard"],
    },
  },
};

function handwritten(s: State) {
  const cleanName = (s["full name"] as string).replace(/ +/g, " ").toUpperCase();
  const parts = cleanName.split(" ");
  const email = s.email as string;
  const at = email.indexOf("@");
  const domain = at < 0 ? "" : email.slice(at + 1).toLowerCase();
  const compact = (s.iban as string).replace(/ /g, "").toUpperCase();
  const country = compact.slice(0, 2);
  const expected = IBAN_LENGTH[country] ?? 0;
  const ibanValid = /^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(compact) && compact.length === expected;
  const emailValid = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(email);
  const watch = WATCH.some((w) => cleanName.includes(w));
  const highRisk = HIGH_RISK.includes(country) || HIGH_RISK.includes((s["residence country"] as string).toUpperCase());
  const occupationFlag = /consult|trad|crypto|invest/i.test(s.occupation as string);
  const address = (s.address as string).toUpperCase();
  const poBox = address.startsWith("PO BOX") || address.includes("P.O. BOX");
  const freeMail = FREE_MAIL.includes(domain);
  const year = Number((s["customer reference"] as string).slice(4, 8));
  const review = watch
    ? "block"
    : highRisk
      ? "enhanced"
      : !ibanValid || !emailValid
        ? "repair"
        : occupationFlag && (poBox || (freeMail && year < 2018))
          ? "enhanced"
          : "standard";
  return {
    "clean name": cleanName,
    "name parts": parts,
    surname: parts.at(-1),
    initials: parts.map((w) => w.slice(0, 1)).join(""),
    "watch list hit": watch,
    "email valid": emailValid,
    "email domain": domain,
    "free mail": freeMail,
    "compact iban": compact,
    "iban country": country,
    "expected length": expected,
    "iban valid": ibanValid,
    "masked iban": `${compact.slice(0, 4)} **** ${compact.slice(-4)}`,
    "high risk country": highRisk,
    "occupation flag": occupationFlag,
    "po box": poBox,
    "onboarding year": year,
    review,
  };
}

const FIRST = ["anna", "Jean-Luc", "MARIA", "Olu", "Siobhan", "Wei", "Dmitri", "Fatima", "José", "Kim"];
const LAST = ["Smith", "Okafor", "petrov", "Al-Rashid", "O'Neill", "Nguyen", "Kim Jong", "Ortega", "van der Berg", "Müller"];
const OCCUPATIONS = ["Teacher", "IT Consultant", "nurse", "Commodity Trader", "Crypto investor", "Retired", "Plumber", "Student"];
const ADDRESSES = ["12 High Street", "PO Box 554", "Flat 3, 9 Mill Lane", "p.o. box 12", "The Old Rectory", "Unit 4 Dock Road"];
const DOMAINS = ["gmail.com", "Yahoo.com", "outlook.com", "hotmail.com", "bank.co.uk", "example.org"];
const COUNTRIES = ["GB", "DE", "IE", "FR", "IT", "ES", "NL", "IR", "US", "KP"];
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

const digits = (rnd: () => number, n: number) => Array.from({ length: n }, () => String(int(rnd, 0, 9))).join("");

function randomIban(rnd: () => number): string {
  const country = pick(rnd, COUNTRIES);
  const length = (IBAN_LENGTH[country] ?? 24) + (rnd() < 0.1 ? pick(rnd, [-1, 1]) : 0);
  const body = Array.from({ length: length - 4 }, () => (rnd() < 0.7 ? String(int(rnd, 0, 9)) : pick(rnd, [...ALNUM])));
  const iban = `${country}${digits(rnd, 2)}${body.join("")}`;
  const spaced = rnd() < 0.4 ? (iban.match(/.{1,4}/g) ?? []).join(" ") : iban;
  return rnd() < 0.1 ? spaced.toLowerCase() : rnd() < 0.03 ? spaced.replace(/[0-9]/, "#") : spaced;
}

export const kycStrings: OutsideModel = {
  name: "kyc-strings",
  kind: "strings and regular expressions",
  model,
  state: (rnd) => {
    const first = pick(rnd, FIRST);
    const last = rnd() < 0.85 ? pick(rnd, LAST.slice(0, 2).concat(LAST.slice(4, 7), LAST.slice(8))) : pick(rnd, LAST);
    const user = `${first.toLowerCase().replace(/[^a-z]/g, "")}${rnd() < 0.5 ? "." : ""}${int(rnd, 1, 99)}`;
    return {
      "full name": `${first}${rnd() < 0.2 ? "  " : " "}${last}`,
      email: rnd() < 0.08 ? `${user}.${pick(rnd, DOMAINS)}` : `${user}@${pick(rnd, DOMAINS)}`,
      iban: randomIban(rnd),
      "residence country": pick(rnd, [...COUNTRIES, "gb", "sy"]),
      occupation: pick(rnd, OCCUPATIONS),
      address: pick(rnd, ADDRESSES),
      "customer reference": `KYC-${int(rnd, 2009, 2026)}-${digits(rnd, 6)}`,
    };
  },
  handwritten,
  approximate: [],
};
