// Words of evidence written in Spanish, French, German, Italian, Portuguese and Dutch: a table of data per language, no rule
// of its own. Accents are folded before words are compared (words.ts), so "pensión" meets
// "pension". A value read through these words is read through a translation: the text reader
// caps it (text/languages.ts). A key written short abbreviates an English word, never one of these.

/**
 * language → English word → the words that say it. Each joins the synonym group of the English
 * word it translates (synonyms.ts): the labels of a form ("Ingresos anuales", "Schadentag"), the
 * cues of prose ("mon contrat a commencé"), the kinds of an option ("pare-brise", "Hagel"). No word
 * whose light stem is an English word's of another fact ("Rente" is no rent, "postes" no post).
 */
export const FOREIGN_WORDS: Record<string, Record<string, string[]>> = {
  es: {
    income: ["ingresos", "ingreso", "salario", "sueldo", "pensión"],
    debt: ["deudas", "deuda", "cuotas", "pagos mensuales"],
    loan: ["préstamo", "préstamos", "crédito solicitado"],
    "credit score": ["puntaje de crédito", "puntuación de crédito", "score crediticio"],
    annual: ["anual", "anuales", "al año", "por año"],
    monthly: ["mensual", "mensuales", "al mes", "por mes"],
    incident: ["siniestro", "accidente", "ocurrió", "fecha del siniestro"],
    reported: ["denunciado", "notificado", "declarado", "comunicado"],
    start: ["inicio", "comenzó", "empezó"],
    policy: ["póliza"],
    amount: ["importe", "monto", "cuantía"],
    claim: ["reclamación", "reclamo"],
    retired: ["jubilado", "jubilada", "jubilación", "pensionista"],
    unemployed: ["desempleado", "desempleada", "en paro", "parado"],
    salaried: ["asalariado", "asalariada", "indefinido", "nómina"],
    contractor: ["autónomo", "autónoma"],
    employment: ["situación laboral", "empleo", "trabajo"],
    theft: ["robo", "robaron", "hurto"],
    glass: ["parabrisas", "cristal"],
    weather: ["granizo", "tormenta", "inundación"],
    collision: ["choque", "colisión", "chocó"],
    injury: ["lesión", "lesiones", "herido", "herida"],
    business: ["empresa", "sociedad", "compañía"],
    individual: ["persona física"],
    price: ["precio", "precio de lista"],
    quantity: ["cantidad", "licencias", "usuarios"],
    coupon: ["descuento", "cupón"],
    contract: ["contrato", "duración", "plazo"],
    exempt: ["exento", "exenta", "exención"],
    rent: ["alquiler", "renta mensual"],
  },
  fr: {
    income: ["revenu", "revenus", "salaire"],
    debt: ["dette", "dettes", "mensualités", "remboursements", "crédits en cours"],
    loan: ["prêt", "emprunt", "emprunter", "montant demandé"],
    "credit score": ["score de crédit", "cote de crédit"],
    annual: ["annuel", "annuels", "annuelle", "par an"],
    monthly: ["mensuel", "mensuelle", "mensuels", "par mois"],
    incident: ["sinistre", "survenu", "date du sinistre"],
    reported: ["déclaré", "déclarée", "signalé"],
    start: ["commencé", "début", "prise d'effet", "souscrit"],
    amount: ["montant", "somme"],
    claim: ["réclamation", "indemnisation"],
    retired: ["retraité", "retraitée", "retraite"],
    unemployed: ["chômage", "chômeur", "chômeuse", "sans emploi"],
    salaried: ["salarié", "salariée", "cdi"],
    contractor: ["indépendant", "indépendante", "auto-entrepreneur", "cdd"],
    employment: ["emploi", "situation professionnelle"],
    theft: ["cambriolage", "cambriolé"],
    glass: ["pare-brise", "vitre", "bris de glace"],
    weather: ["grêle", "tempête", "inondation", "orage"],
    collision: ["accroché", "percuté"],
    injury: ["blessé", "blessée", "blessure", "blessures"],
    business: ["entreprise", "sarl"],
    individual: ["particulier", "personne physique"],
    price: ["prix", "tarif"],
    quantity: ["quantité", "licences", "utilisateurs"],
    coupon: ["remise", "rabais"],
    contract: ["contrat", "durée"],
    exempt: ["exonéré", "exonérée", "exonération"],
    rent: ["loyer"],
  },
  de: {
    income: ["einkommen", "gehalt", "lohn", "einkünfte"],
    debt: ["schulden", "verbindlichkeiten"],
    loan: ["kredit", "darlehen", "kreditbetrag", "darlehensbetrag"],
    "credit score": ["schufa", "bonität", "kreditwürdigkeit"],
    annual: ["jährlich", "jahres", "pro jahr", "im jahr"],
    monthly: ["monatlich", "pro monat", "im monat"],
    incident: ["schadentag", "schadendatum", "schadensdatum", "schadenfall", "unfall", "unfalltag"],
    reported: ["gemeldet", "meldung", "schadenmeldung", "angezeigt"],
    start: ["versicherungsbeginn", "vertragsbeginn", "beginn", "begonnen"],
    amount: ["betrag", "schadenhöhe", "summe"],
    claim: ["forderung", "entschädigung"],
    retired: ["rentner", "rentnerin", "ruhestand", "pensioniert"],
    unemployed: ["arbeitslos", "arbeitssuchend", "erwerbslos"],
    salaried: ["angestellt", "angestellte", "festanstellung", "unbefristet"],
    contractor: ["selbstständig", "selbständig", "freiberufler", "freiberuflich", "befristet"],
    employment: ["beschäftigung", "beruf", "anstellung"],
    theft: ["diebstahl", "gestohlen", "einbruch"],
    glass: ["windschutzscheibe", "scheibe", "glasbruch"],
    weather: ["hagel", "unwetter", "sturm", "überschwemmung", "hagelunwetter"],
    collision: ["zusammenstoß", "kollision", "auffahrunfall"],
    injury: ["verletzt", "verletzung", "verletzungen"],
    business: ["firma", "unternehmen", "gmbh", "gesellschaft"],
    individual: ["privatperson", "privatkunde"],
    price: ["preis", "listenpreis", "stückpreis"],
    quantity: ["menge", "anzahl", "lizenzen"],
    coupon: ["rabatt", "nachlass", "gutschein"],
    uplift: ["preiserhöhung", "erhöhung", "steigerung"],
    contract: ["vertrag", "laufzeit", "vertragslaufzeit"],
    year: ["jahre"],
    exempt: ["steuerbefreit", "befreit", "steuerfrei"],
    rent: ["miete", "kaltmiete", "warmmiete"],
    age: ["alter"],
    disabled: ["behinderung", "behindert", "schwerbehindert", "schwerbehinderung"],
    applicant: ["antragsteller", "antragstellerin"],
    members: ["haushaltsmitglieder", "mitbewohner", "mitbewohnerin"],
  },
  it: {
    income: ["reddito", "stipendio", "retribuzione", "pensione"],
    debt: ["debiti", "debito", "rate mensili"],
    loan: ["prestito", "finanziamento"],
    annual: ["annuo", "annua", "annuale", "annui"],
    monthly: ["mensile", "mensili", "al mese"],
    incident: ["sinistro"],
    reported: ["denuncia", "denunciato", "segnalato"],
    start: ["decorrenza", "in vigore dal"],
    policy: ["polizza"],
    amount: ["importo", "indennizzo"],
    claim: ["risarcimento"],
    retired: ["pensionato", "pensionata", "in pensione"],
    unemployed: ["disoccupato", "disoccupata"],
    salaried: ["dipendente", "tempo indeterminato"],
    contractor: ["lavoratore autonomo", "libero professionista"],
    theft: ["furto", "rubato", "rubata"],
    glass: ["parabrezza", "cristalli"],
    weather: ["grandine", "tempesta", "alluvione"],
    collision: ["tamponamento", "scontro", "collisione"],
    injury: ["ferito", "ferita", "lesioni"],
    business: ["società", "azienda"],
    individual: ["persona fisica"],
    price: ["prezzo", "prezzo di listino"],
    quantity: ["quantità", "licenze", "utenti", "postazioni"],
    coupon: ["sconto"],
    uplift: ["aumento"],
    contract: ["contratto", "durata"],
    year: ["anni"],
    age: ["età"],
    disabled: ["disabile", "disabilità"],
    applicant: ["richiedente"],
    name: ["nome"],
    exempt: ["esente", "esenzione"],
    rent: ["affitto", "canone"],
  },
  pt: {
    income: ["rendimento", "rendimentos", "salário", "ordenado"],
    debt: ["dívidas", "dívida", "prestações"],
    loan: ["empréstimo", "crédito pessoal"],
    annual: ["anual", "anuais", "por ano"],
    monthly: ["mensal", "mensais", "por mês"],
    incident: ["sinistro", "acidente", "ocorreu"],
    reported: ["participado", "participação"],
    start: ["início", "em vigor desde", "começou", "começa"],
    policy: ["apólice"],
    amount: ["montante"],
    retired: ["reformado", "reformada", "aposentado", "aposentada"],
    unemployed: ["desempregado", "desempregada"],
    salaried: ["assalariado", "assalariada", "contrato sem termo"],
    contractor: ["trabalhador independente", "recibos verdes"],
    theft: ["roubo", "furto", "roubado", "roubada"],
    glass: ["para-brisas", "vidro"],
    weather: ["granizo", "tempestade", "inundação"],
    collision: ["colisão", "embate"],
    injury: ["ferido", "ferida", "ferimentos"],
    business: ["empresa", "sociedade"],
    individual: ["pessoa singular"],
    price: ["preço"],
    quantity: ["quantidade", "licenças"],
    coupon: ["desconto"],
    contract: ["contrato", "duração"],
    exempt: ["isento", "isenta"],
    rent: ["renda", "aluguel", "aluguer"],
  },
  nl: {
    income: ["inkomen", "inkomsten", "salaris"],
    debt: ["schulden", "schuld"],
    loan: ["lening", "persoonlijke lening", "lenen", "leenbedrag"],
    "credit score": ["kredietscore"],
    annual: ["jaarlijks", "per jaar"],
    monthly: ["maandelijks", "per maand"],
    incident: ["schadedatum", "ongeval"],
    reported: ["gemeld", "melding"],
    start: ["ingangsdatum"],
    policy: ["polis"],
    amount: ["bedrag"],
    retired: ["gepensioneerd", "met pensioen"],
    unemployed: ["werkloos"],
    salaried: ["loondienst", "vast contract"],
    contractor: ["zelfstandige", "zzp"],
    theft: ["diefstal", "gestolen", "inbraak"],
    glass: ["voorruit"],
    weather: ["overstroming"],
    collision: ["aanrijding", "botsing"],
    injury: ["gewond", "letsel"],
    business: ["bedrijf", "onderneming"],
    price: ["prijs"],
    quantity: ["aantal", "licenties", "werkplekken"],
    coupon: ["korting"],
    contract: ["looptijd"],
    year: ["jaren"],
    age: ["leeftijd"],
    disabled: ["beperking", "gehandicapt"],
    applicant: ["aanvrager"],
    name: ["naam"],
    members: ["huisgenoten", "gezinsleden"],
    exempt: ["vrijgesteld"],
    rent: ["huur"],
  },
};
/**
 * The numbers one to twelve of each language, one first, as a whole value is written in words
 * (`"durata_anni": "tre"`). Left out: words that are English words or fillers as well ("once", "due",
 * "um"), and nothing for zero ("null").
 */
export const FOREIGN_NUMBERS: Record<string, string[]> = {
  es: ["uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "", "doce"],
  fr: ["un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"],
  de: ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"],
  it: ["uno", "", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici", "dodici"],
  pt: ["", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze"],
  nl: ["een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf"],
};

/**
 * Currency words of the other languages, by the currency they name, as written after an amount
 * ("2.300 dólares", "48.000 dollari", "1.200 Euro"). Nouns capitalised in German and Dutch keep
 * their capital; accents are written as the language writes them.
 */
export const FOREIGN_CURRENCIES: Record<string, string[]> = {
  USD: ["dólares", "dólar", "dolares", "dolar", "dollari", "dollaro", "Dollar", "Dollars"],
  EUR: ["Euro", "Euros"],
};

/** The months of each language, January first: "1er mars 2025", "12. September 2026", "3 de mayo de 2025". */
export const FOREIGN_MONTHS: Record<string, string[][]> = {
  es: [
    ["enero"],
    ["febrero"],
    ["marzo"],
    ["abril"],
    ["mayo"],
    ["junio"],
    ["julio"],
    ["agosto"],
    ["septiembre", "setiembre"],
    ["octubre"],
    ["noviembre"],
    ["diciembre"],
  ],
  fr: [
    ["janvier"],
    ["février", "fevrier"],
    ["mars"],
    ["avril"],
    ["mai"],
    ["juin"],
    ["juillet"],
    ["août", "aout"],
    ["septembre"],
    ["octobre"],
    ["novembre"],
    ["décembre", "decembre"],
  ],
  de: [
    ["januar", "jänner"],
    ["februar"],
    ["märz", "maerz"],
    ["april"],
    ["mai"],
    ["juni"],
    ["juli"],
    ["august"],
    ["september"],
    ["oktober"],
    ["november"],
    ["dezember"],
  ],
  it: [
    ["gennaio"],
    ["febbraio"],
    ["marzo"],
    ["aprile"],
    ["maggio"],
    ["giugno"],
    ["luglio"],
    ["agosto"],
    ["settembre"],
    ["ottobre"],
    ["novembre"],
    ["dicembre"],
  ],
  pt: [
    ["janeiro"],
    ["fevereiro"],
    ["março"],
    ["abril"],
    ["maio"],
    ["junho"],
    ["julho"],
    ["agosto"],
    ["setembro"],
    ["outubro"],
    ["novembro"],
    ["dezembro"],
  ],
  nl: [
    ["januari"],
    ["februari"],
    ["maart"],
    ["april"],
    ["mei"],
    ["juni"],
    ["juli"],
    ["augustus"],
    ["september"],
    ["oktober"],
    ["november"],
    // "december" is the English name too
    [],
  ],
};

/**
 * Words of each language that make a value one of an earlier time, as "former" and "previous" do in
 * English: "l'ancien loyer était de 690 $", "el alquiler anterior", "die bisherige Miete", "la
 * vecchia rata", "o aluguel antigo", "de oude huur". Not German "alter" (also "age").
 */
export const FOREIGN_FORMER: Record<string, string[]> = {
  es: ["anterior", "anteriores", "antiguo", "antigua", "antiguos", "antiguas"],
  fr: ["ancien", "ancienne", "anciens", "anciennes", "précédent", "précédente", "précédents", "précédentes"],
  de: ["bisherige", "bisherigen", "bisheriger", "vorherige", "vorherigen", "vorheriger", "frühere", "früheren", "früherer"],
  it: ["precedente", "precedenti", "vecchio", "vecchia", "vecchi", "vecchie"],
  pt: ["anterior", "anteriores", "antigo", "antiga", "antigos", "antigas"],
  nl: ["oude", "vorige", "vroegere", "eerdere"],
};

/**
 * Words of each language that hedge what is said near them, as "maybe", "possibly" and "I think"
 * do in English: "creo que no, pero no estoy seguro", "vielleicht", "peut-être", "forse", "talvez",
 * "misschien".
 */
export const FOREIGN_HEDGES: Record<string, string[]> = {
  es: ["quizás", "quizá", "quizas", "posiblemente", "creo", "cree"],
  // "peut-être" is read as "peut" "être": "peut" (may) hedges as English "may" does
  fr: ["peut", "possiblement", "crois", "croit"],
  de: ["vielleicht", "möglicherweise", "glaube", "glaubt"],
  it: ["forse", "possibilmente", "credo", "crede"],
  pt: ["talvez", "possivelmente", "acho", "acha"],
  nl: ["misschien", "mogelijk", "denk", "denkt"],
};

/**
 * Words of each language that say a value is known or checked, denied to say it is not ("n'est pas
 * encore connu", "noch nicht bekannt", "no se ha verificado"), and words that say it is unknown.
 */
export const FOREIGN_KNOWN: Record<string, string[]> = {
  es: ["conocido", "conocida", "sabemos", "verificado", "verificada", "confirmado", "confirmada"],
  fr: ["connu", "connue", "vérifié", "vérifiée", "confirmé", "confirmée"],
  de: ["bekannt", "geprüft", "bestätigt"],
  it: ["noto", "nota", "verificato", "verificata", "confermato", "confermata"],
  pt: ["conhecido", "conhecida", "verificado", "verificada", "confirmado", "confirmada"],
  nl: ["bekend", "gecontroleerd", "bevestigd"],
};
export const FOREIGN_UNKNOWN: Record<string, string[]> = {
  es: ["desconocido", "desconocida", "pendiente"],
  fr: ["inconnu", "inconnue", "attente"],
  de: ["unbekannt", "ausstehend", "offen"],
  it: ["sconosciuto", "sconosciuta", "attesa"],
  pt: ["desconhecido", "desconhecida", "pendente"],
  nl: ["onbekend", "afwachting"],
};

/**
 * Words of each language for a day counted back from the day of writing, as "today", "yesterday"
 * and "the day before yesterday" do in English: "anteontem", "avant-hier", "vorgestern", "ayer".
 * Not French "hier" (German and Dutch for "here").
 */
export const FOREIGN_DAYS_BACK: Record<string, [string, number][]> = {
  es: [
    ["anteayer", 2],
    ["antes de ayer", 2],
    ["ayer", 1],
    ["hoy", 0],
  ],
  fr: [
    ["avant-hier", 2],
    ["aujourd'hui", 0],
  ],
  de: [
    ["vorgestern", 2],
    ["gestern", 1],
    ["heute", 0],
  ],
  it: [
    ["l'altro ieri", 2],
    ["altroieri", 2],
    ["ieri", 1],
    ["oggi", 0],
  ],
  pt: [
    ["anteontem", 2],
    ["ontem", 1],
    ["hoje", 0],
  ],
  nl: [
    ["eergisteren", 2],
    ["gisteren", 1],
    ["vandaag", 0],
  ],
};
