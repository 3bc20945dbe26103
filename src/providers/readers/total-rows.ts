// The words that name a row totalling the others in a table pasted into a text ("TOTAL",
// "Subtotal cards", "Grand total", "Summe", "Celkem", "Razem"), by language: one table the readers
// of rows share (text-tables.ts, text-column-sums.ts, text/picked-rows.ts). A cell is a total's
// label when it begins with one of them as a whole word ("Total income", "Summe:"; not "Totally").

/** The words of a total row, by language (ISO 639-1). */
const TOTAL_ROW_WORDS: Record<string, string[]> = {
  en: ["total", "totals", "subtotal", "subtotals", "sub total", "sub-total", "grand total", "grand-total", "grandtotal", "sum"],
  de: ["summe", "gesamt", "gesamtsumme", "insgesamt"],
  nl: ["totaal"],
  it: ["totale"],
  sv: ["totalt"],
  cs: ["celkem"],
  pl: ["razem", "suma"],
  hu: ["összesen"],
  fi: ["yhteensä"],
  tr: ["toplam"],
  id: ["jumlah"],
  ru: ["итого"],
  uk: ["всього", "разом"],
};

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const WORDS = [...new Set(Object.values(TOTAL_ROW_WORDS).flat())].sort((a, b) => b.length - a.length);
const TOTAL_LABEL = new RegExp(`^(?:${WORDS.map(escape).join("|")})(?!\\p{L})`, "iu");

/** Whether a cell names a row that totals the others. */
export const isTotalLabel = (cell: string): boolean => TOTAL_LABEL.test(cell.trim());
