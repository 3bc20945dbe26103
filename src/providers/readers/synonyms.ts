// The synonym table of the embedded readers: small, general and documented (docs/readers.md).
// Each group lists words or phrases that name the same fact in lending, insurance, KYC, pricing
// and benefits evidence. A key or a sentence meets an input when it uses the input's own words or
// words of the same group; multi-word phrases are matched as a whole. The words of other languages
// (foreign-words.ts) join the group of the English word they translate.
import { FOREIGN_KEY_WORDS } from "./foreign-key-words.js";
import { FOREIGN_WORDS } from "./foreign-words.js";

export const ENGLISH_GROUPS: string[][] = [
  [
    "income",
    "salary",
    "earnings",
    "earn",
    "wage",
    "wages",
    "revenue",
    "pension",
    "pay packet",
    "take home",
    "takes home",
    "get paid",
    "gets paid",
    "payslip",
    "payslips",
    "paycheck",
    "paychecks",
  ],
  ["debt", "debts", "obligations", "repayments", "liabilities", "owe", "instalments", "installments", "commitment", "commitments"],
  ["borrow", "loan", "principal", "financing", "requested"],
  ["credit score", "fico", "credit rating", "bureau score"],
  ["annual", "yearly", "annually", "year", "per annum", "ann"],
  ["monthly", "month", "per month", "mo"],
  ["incident", "accident", "crash", "occurred", "happened", "loss date", "date of loss", "dol", "event"],
  [
    "report",
    "reported",
    "notified",
    "notification",
    "filed",
    "lodged",
    "submitted",
    "fnol",
    "informed",
    "let you know",
    "letting you know",
    "rpt'd",
    "rptd",
  ],
  ["start", "started", "inception", "effective", "began", "commenced", "since", "incepted", "eff"],
  // what an insurer's export calls the policy: `COVER_START`, "coverage began"
  ["policy", "cover", "coverage"],
  ["claim", "claimed", "claims"],
  // key abbreviations only (`prev_dflt_ind`, `dflt_hist_flag`): in prose "previous" or "history" alone says no prior fact
  ["prior", "prev", "hist"],
  ["default", "defaulted", "failed to repay", "failure to repay", "written off", "charged off"],
  ["mileage", "miles", "mi"],
  ["amount", "sum"],
  ["quantity", "seats", "licenses", "licences", "users", "units", "qty"],
  ["price", "cost", "list price", "catalogue", "catalog", "rrp", "msrp"],
  ["coupon", "discount", "promo", "voucher", "promotion"],
  ["uplift", "increase", "escalator", "escalation", "rise", "raise"],
  ["contract", "term", "agreement", "subscription", "duration", "deal"],
  ["exempt", "exemption", "tax-exempt", "nontaxable"],
  // and the public offices that make one, by their titles
  [
    "pep",
    "politically exposed",
    "political exposure",
    "politician",
    "public official",
    "public office",
    "minister",
    "parliament",
    "house of lords",
    "mayor",
    "senator",
    "mp",
    "ambassador",
  ],
  ["adverse media", "negative news", "negative press", "adverse news", "bad press"],
  ["volume", "turnover", "throughput", "flows", "transactions", "deposits"],
  ["international", "abroad", "overseas", "cross-border", "intl"],
  ["percent", "percentage", "pct"],
  ["rent", "rental", "lease"],
  ["tier", "level", "status", "loyalty"],
  ["employment", "job", "occupation", "work", "works", "employed"],
  ["customer", "client"],
  // what a record calls its kind and its risk grade: `cliente.tipo`, `pais.risco` with a legend "M": "médio"
  ["type"],
  ["risk"],
  ["low"],
  ["medium"],
  ["high"],
  // a customer's first purchase: "new" of a tier's meaning ("new customer")
  ["new", "first-time", "first time"],
  ["country", "jurisdiction", "nation"],
  ["product", "account", "service"],
  ["disabled", "disability", "handicap"],
  ["age", "aged", "old"],
  // a benefits form's person: the one applying, and what each is called (their words in other languages)
  ["applicant"],
  ["name"],
  ["members"],
  // a count of people, by the words other languages write after it ("3 personen", "4 henkeä")
  ["people"],
  // option vocabularies: kinds of loss, employment, customers, risk lists
  ["collision", "crash", "collided", "rear-ended", "reversed", "rammed", "bumped", "t-boned", "hit a deer", "struck a deer"],
  [
    "theft",
    "stolen",
    "stole",
    "burglary",
    "burgled",
    "burglar",
    "burglars",
    "robbery",
    "broke into",
    "break-in",
    "forced the lock",
    "forced entry",
    "thieves",
    "thief",
  ],
  ["police", "pd", "cops"],
  // a motor quote's driver, vehicle and its value, and two kinds of loss to a home: only the words of other languages join them
  ["driver"],
  ["vehicle"],
  ["value"],
  ["fire"],
  ["water"],
  ["glass", "windscreen", "windshield", "window"],
  ["weather", "hail", "hailstorm", "flood", "flooding", "storm", "wind", "winds", "windstorm", "gale"],
  ["injury", "injured", "hurt", "whiplash", "bodily"],
  ["retired", "retiree", "pension", "pensioner"],
  [
    "unemployed",
    "jobless",
    "unemployment",
    "out of work",
    "between jobs",
    "lost job",
    "laid off",
    "redundant",
    "looking for work",
    "looking for a job",
    "find work",
    "find a job",
    "seeking work",
    "job hunting",
    "jobseeker",
  ],
  ["salaried", "permanent", "full-time", "payroll"],
  ["contractor", "freelance", "freelancer", "self-employed", "consultant", "fixed-term"],
  ["business", "company", "corporation", "firm", "partnership", "llc", "ltd", "limited company"],
  ["trust", "foundation"],
  ["individual", "private individual", "private person", "indiv"],
  ["commuting", "commute", "commutes", "commuter"],
  ["work", "office", "workplace"],
  ["social", "leisure", "pleasure", "shopping", "errands"],
  ["monitoring", "grey list", "gray list", "greylist", "greylisted"],
  ["call for action", "blacklist", "black list", "blacklisted", "sanctioned"],
];

/** What another language says of each English word. */
const SAID_IN_OTHER_LANGUAGES = (english: string): string[] =>
  [...Object.values(FOREIGN_WORDS), ...Object.values(FOREIGN_KEY_WORDS)].flatMap((words) => words[english] ?? []);

export const SYNONYM_GROUPS: string[][] = ENGLISH_GROUPS.map((group) => [...group, ...group.flatMap(SAID_IN_OTHER_LANGUAGES)]);

/**
 * The general kinds a thing is made of: "no other loans", "no loans or cards" denies debts. A
 * kind named with another word before it ("no car loan", "no student loans") denies only that one.
 */
export const KINDS: Record<string, string[]> = {
  debt: ["loans", "borrowing"],
};
