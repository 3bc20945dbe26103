// Words of other languages that exports write in their keys, as foreign-words.ts gives the words of
// prose: `hasar.tarih`, `polis_raporu`, `zahlungsausfall_frueher`, `asientos`, `hoofdaanvrager`.
// A table of data per language, no rule of its own. Each word joins the synonym group of the
// English word it translates (synonyms.ts), as a word of foreign-words.ts does; the text readers'
// language tables are not widened by them. A key written short abbreviates an English word, never
// one of these.

/** language → English word of a synonym group → the words an export's keys say it with. */
export const FOREIGN_KEY_WORDS: Record<string, Record<string, string[]>> = {
  tr: {
    amount: ["tutar", "tutari", "miktar"],
    incident: ["hasar", "kaza"],
    reported: ["ihbar", "bildirim"],
    report: ["rapor", "raporu"],
    // not "polis" alone (Dutch for a policy), nor "poliçe" (a policy, folded to "police")
    police: ["polis raporu"],
    start: ["baslangic"],
    income: ["gelir", "maas"],
    debt: ["borc"],
    loan: ["kredi"],
    age: ["yas"],
    name: ["ad", "isim"],
    applicant: ["basvuran"],
    disabled: ["engelli", "engellilik", "engel durumu"],
    members: ["uyeler", "hane uyeleri"],
    rent: ["kira"],
  },
  nl: {
    applicant: ["hoofdaanvrager", "aanvrager"],
    members: ["leden", "huisgenoten"],
    disabled: ["beperking", "handicap"],
    report: ["proces verbaal"],
    police: ["politie"],
  },
  // a Swedish export writes income short (`ink_manad`, `ink_ar`), as its forms do
  sv: {
    income: ["ink"],
  },
  de: {
    default: ["zahlungsausfall", "ausfall"],
    prior: ["frueher", "früher", "vorherig", "bisher"],
    police: ["polizei"],
  },
  es: {
    quantity: ["asientos", "plazas", "puestos"],
    tier: ["nivel", "categoria"],
    coupon: ["cupon"],
    uplift: ["incremento", "aumento", "subida"],
    police: ["policia", "denuncia"],
    default: ["impago", "morosidad"],
  },
};
