// FEEL's text of a date as PostgreSQL reads a date: a year before 1 written BC, with no year 0
// (FEEL's year 0 is 1 BC, its year −2 is 3 BC); any other text as it is. PostgreSQL reads no
// negative year ('-0002-03-01' is an error).
const BEFORE_YEAR_1 = /^(-\d+|0000)(-\d\d-\d\d)$/;

/** `-0002-03-01` as `0003-03-01 BC`, `0000-12-31` as `0001-12-31 BC`. */
export function postgresDateText(feel: string): string {
  const m = BEFORE_YEAR_1.exec(feel);
  if (!m) return feel;
  return `${String(1 - Number(m[1])).padStart(4, "0")}${m[2]} BC`;
}
