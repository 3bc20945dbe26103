// Generated evidence of any size for measuring the embedded readers' time: sentences that mix the
// sample models' cue words, amounts, dates, negations and filler, drawn by a seeded generator
// so that every run reads the same text.
import { seeded } from "../src/providers/seeded-random.js";

const SENTENCES: ((n: () => string, d: () => string) => string)[] = [
  (n) => `The applicant earns $${n()} a year and has a credit score of ${n()}.`,
  (n) => `She pays $${n()} each month on existing debts and asks to borrow $${n()}.`,
  (n, d) => `The incident happened on ${d()} and the claim was reported on ${d()}.`,
  (n, d) => `The policy started on ${d()}; the repair estimate is $${n()}.`,
  () => "The customer is not a politically exposed person and adverse media screening found no relevant hit.",
  (n) => `The company expects to move ${n()}k through the account each month, mostly international transfers.`,
  (n) => `They order ${n()} seats at a list price of $${n()} per seat per year with a ${n()}% coupon.`,
  () => "The weather in the city was pleasant and the office was quiet for most of the afternoon.",
  (n) => `Reference ${n()}-${n()}: the file was reviewed by two analysts and archived.`,
  () => "He is a salaried engineer on a permanent contract, and the windscreen was cracked by hail.",
  (n) => `Her previous loan of $${n()} was repaid in full; the renewal uplift is ${n()} percent.`,
];

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** About `chars` characters of evidence prose (never fewer). */
export function generatedEvidence(chars: number, seed = 1): string {
  const rand = seeded(seed);
  const pick = (k: number) => Math.floor(rand() * k);
  const n = () => String(100 + pick(90_000));
  const d = () => `${1 + pick(28)} ${MONTHS[pick(12)]} ${2020 + pick(7)}`;
  const parts: string[] = [];
  let size = 0;
  while (size < chars) {
    const s = SENTENCES[pick(SENTENCES.length)]!(n, d);
    parts.push(s);
    size += s.length + 1;
  }
  return parts.join(" ");
}
