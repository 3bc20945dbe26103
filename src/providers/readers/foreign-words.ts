// Words of evidence written in Spanish, French, German, Italian, Portuguese, Dutch, Polish and Swedish: a table of data per language, no rule
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
    age: ["edad"],
    disabled: ["discapacidad", "discapacitado", "discapacitada"],
    applicant: ["solicitante"],
    members: ["convivientes", "miembros del hogar"],
    name: ["nombre"],
    income: ["ingresos", "ingreso", "salario", "sueldo", "pensión", "gano", "gana"],
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
    customer: ["cliente"],
    type: ["tipo"],
    country: ["país"],
    risk: ["riesgo"],
    "adverse media": ["medios adversos"],
    product: ["producto"],
    low: ["bajo", "baja"],
    medium: ["medio"],
    high: ["alto", "alta"],
  },
  fr: {
    disabled: ["handicap", "handicapé", "handicapée", "invalidité"],
    applicant: ["demandeur", "demandeuse"],
    members: ["membres du foyer"],
    income: ["revenu", "revenus", "salaire", "gagne", "gagnons"],
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
    customer: ["client"],
    type: ["type"],
    country: ["pays"],
    risk: ["risque"],
    "adverse media": ["médias défavorables"],
    product: ["produit"],
    low: ["faible"],
    medium: ["moyen", "moyenne"],
    high: ["élevé", "élevée"],
  },
  de: {
    customer: ["kunde"],
    type: ["typ"],
    risk: ["risiko"],
    product: ["produkt"],
    low: ["niedrig", "gering"],
    medium: ["mittel"],
    high: ["hoch"],
    income: ["einkommen", "gehalt", "lohn", "einkünfte", "verdiene", "verdient"],
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
    income: ["reddito", "stipendio", "retribuzione", "pensione", "guadagno", "guadagna"],
    debt: ["debiti", "debito", "rate mensili"],
    loan: ["prestito", "finanziamento", "chiedere"],
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
    disabled: ["disabile", "disabilità", "invalidità", "invalido", "invalida"],
    applicant: ["richiedente"],
    members: ["nucleo familiare", "familiari conviventi", "conviventi"],
    name: ["nome"],
    exempt: ["esente", "esenzione"],
    rent: ["affitto", "canone"],
    customer: ["cliente"],
    type: ["tipo"],
    country: ["paese"],
    risk: ["rischio"],
    "adverse media": ["media avversi"],
    product: ["prodotto"],
    low: ["basso", "bassa"],
    medium: ["medio"],
    high: ["alto", "alta"],
  },
  pt: {
    age: ["idade"],
    disabled: ["deficiência", "deficiente", "incapacidade"],
    applicant: ["requerente"],
    members: ["agregado familiar", "membros do agregado"],
    name: ["nome"],
    income: ["rendimento", "rendimentos", "salário", "ordenado", "ganho", "ganha"],
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
    individual: ["pessoa singular", "pessoa física"],
    price: ["preço"],
    quantity: ["quantidade", "licenças"],
    coupon: ["desconto"],
    contract: ["contrato", "duração"],
    exempt: ["isento", "isenta"],
    rent: ["renda", "aluguel", "aluguer"],
    customer: ["cliente"],
    type: ["tipo"],
    country: ["país"],
    risk: ["risco"],
    product: ["produto"],
    volume: ["movimentação"],
    "adverse media": ["mídia adversa"],
    low: ["baixo", "baixa"],
    medium: ["médio"],
    high: ["alto", "alta"],
  },
  nl: {
    income: ["inkomen", "inkomsten", "salaris", "verdien", "verdient"],
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
    customer: ["klant"],
    type: ["soort"],
    risk: ["risico"],
    product: ["product"],
    low: ["laag"],
    medium: ["gemiddeld"],
    high: ["hoog"],
  },
  pl: {
    income: ["dochód", "dochody", "dochodu", "zarobki", "zarabiam", "zarabia", "wynagrodzenie", "pensja", "emerytura", "emeryturę"],
    debt: ["długi", "długów", "dług", "zobowiązania", "zobowiązań", "rata"],
    loan: ["pożyczka", "pożyczkę", "pożyczki", "kwota pożyczki", "kredyt gotówkowy", "kredyt", "kredytu"],
    "credit score": ["wynik kredytowy", "ocena kredytowa"],
    annual: ["rocznie", "roczny", "roczne", "rocznego", "na rok", "w skali roku"],
    monthly: ["miesięcznie", "miesięczny", "miesięczne", "miesięcznego", "na miesiąc", "w miesiącu"],
    incident: ["szkoda", "szkody", "wypadek", "zdarzenie"],
    reported: ["zgłoszono", "zgłoszenie", "zgłoszona", "zgłosiłem", "zgłosiłam"],
    start: ["początek", "rozpoczęcie", "obowiązuje od"],
    policy: ["polisa", "polisy", "polisę"],
    amount: ["kwota", "kwotę", "kwoty"],
    claim: ["odszkodowanie", "roszczenie"],
    retired: ["emeryt", "emerytka", "na emeryturze"],
    unemployed: ["bezrobotny", "bezrobotna"],
    salaried: ["umowa o pracę", "umowę o pracę", "na etacie", "czas nieokreślony"],
    contractor: ["samozatrudniony", "samozatrudniona", "działalność gospodarcza", "własna działalność", "czas określony"],
    employment: ["zatrudnienie", "zatrudniony", "zatrudniona"],
    theft: ["kradzież", "skradziono", "ukradziono", "włamanie"],
    glass: ["szyba", "szyby", "przednia szyba"],
    weather: ["gradobicie", "burza", "powódź", "nawałnica"],
    collision: ["kolizja", "zderzenie", "stłuczka"],
    injury: ["ranny", "ranna", "obrażenia", "uraz"],
    business: ["spółka", "przedsiębiorstwo"],
    individual: ["osoba fizyczna"],
    price: ["cena", "cena katalogowa"],
    quantity: ["ilość", "liczba", "licencje", "licencji", "stanowisk"],
    coupon: ["rabat", "zniżka", "kupon"],
    uplift: ["podwyżka", "wzrost ceny"],
    contract: ["okres umowy", "czas trwania umowy"],
    exempt: ["zwolniony", "zwolniona", "zwolnienie"],
    rent: ["czynsz", "czynszu", "najem"],
    customer: ["klient", "klienta"],
    type: ["rodzaj"],
    country: ["kraj"],
    risk: ["ryzyko"],
    product: ["produkt"],
    low: ["niskie", "niski", "niska"],
    medium: ["średnie", "średni", "średnia"],
    high: ["wysokie", "wysoki", "wysoka"],
    age: ["wiek"],
    disabled: ["niepełnosprawny", "niepełnosprawna", "niepełnosprawność"],
    applicant: ["wnioskodawca", "wnioskodawczyni"],
    name: ["imię", "nazwisko"],
  },
  sv: {
    income: ["inkomst", "inkomster", "inkomsten", "lön", "lönen", "tjänar"],
    debt: ["skuld", "skulder", "skulden"],
    loan: ["lån", "lånet", "lånebelopp", "låna"],
    "credit score": ["kreditbetyg", "kreditpoäng", "kreditvärdighet"],
    annual: ["årlig", "årliga", "årligen", "per år", "om året", "i året"],
    monthly: ["månatlig", "månatliga", "per månad", "i månaden", "varje månad"],
    incident: ["skadedatum", "olycka", "olyckan"],
    reported: ["anmäld", "anmälde", "anmälan", "anmälts"],
    start: ["startdatum", "började", "gäller från"],
    policy: ["försäkring", "försäkringen"],
    amount: ["belopp", "beloppet", "summa"],
    claim: ["ersättning", "skadeanspråk"],
    retired: ["pensionär", "pensionerad"],
    unemployed: ["arbetslös", "arbetssökande"],
    salaried: ["anställd", "tillsvidareanställd", "tillsvidareanställning"],
    contractor: ["egenföretagare", "egen firma", "visstidsanställd"],
    employment: ["anställning", "sysselsättning"],
    theft: ["stöld", "stulen", "stulet", "inbrott"],
    glass: ["vindruta", "vindrutan"],
    weather: ["hagel", "oväder", "översvämning"],
    collision: ["kollision", "krock", "krockade"],
    injury: ["personskada", "skadades"],
    business: ["företag", "företaget", "bolag", "aktiebolag"],
    individual: ["privatperson"],
    price: ["pris", "listpris", "priset"],
    quantity: ["antal", "licenser"],
    coupon: ["rabatt", "kupong"],
    uplift: ["prishöjning", "höjning"],
    contract: ["avtal", "avtalstid", "avtalet"],
    exempt: ["skattebefriad", "momsbefriad", "befriad"],
    rent: ["hyra", "hyran"],
    customer: ["kund", "kunden"],
    type: ["typ"],
    product: ["produkt"],
    low: ["låg"],
    medium: ["medel"],
    high: ["hög"],
    age: ["ålder"],
    disabled: ["funktionsnedsättning", "funktionshindrad"],
    applicant: ["sökande"],
    name: ["namn"],
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
  USD: ["dólares", "dólar", "dolares", "dolar", "dollari", "dollaro", "Dollar", "Dollars", "dolarów", "dolary", "dolara", "dollar"],
  EUR: ["Euro", "Euros"],
  PLN: ["zł", "złotych", "złote", "złoty", "zlotych"],
  CHF: ["Franken", "francs suisses", "franchi"],
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
  // the day's month in the genitive ("12 marca 2026") and the month's own name
  pl: [
    ["stycznia", "styczeń", "styczen"],
    ["lutego", "luty"],
    ["marca", "marzec"],
    ["kwietnia", "kwiecień", "kwiecien"],
    ["maja"],
    ["czerwca", "czerwiec"],
    ["lipca", "lipiec"],
    ["sierpnia", "sierpień", "sierpien"],
    ["września", "wrzesień", "wrzesien", "wrzesnia"],
    ["października", "październik", "pazdziernik", "pazdziernika"],
    ["listopada", "listopad"],
    ["grudnia", "grudzień", "grudzien"],
  ],
  sv: [
    ["januari"],
    ["februari"],
    ["mars"],
    ["april"],
    ["maj"],
    ["juni"],
    ["juli"],
    ["augusti"],
    ["september"],
    ["oktober"],
    ["november"],
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
  pl: ["poprzedni", "poprzednia", "poprzednie", "dawny", "dawna", "dawne"],
  sv: ["tidigare", "förra", "gamla", "föregående"],
};

/**
 * Words of each language by which a writer repairs the value just written, as "correction",
 * "sorry" and "actually" do in English: "150 Plätze — Korrektur: bitte 175", "40, perdón, 45",
 * "120, właściwie 135", "3 200, förlåt, 3 400".
 */
export const FOREIGN_REPAIRS: Record<string, string[]> = {
  es: ["corrección", "perdón", "perdon", "digo"],
  fr: ["correction", "pardon", "plutôt", "rectification"],
  de: ["korrektur", "entschuldigung", "eigentlich", "berichtigung"],
  it: ["correzione", "scusa", "scusate", "anzi"],
  pt: ["correção", "correcao", "desculpa", "aliás", "alias"],
  nl: ["correctie", "eigenlijk", "excuus"],
  pl: ["korekta", "poprawka", "przepraszam", "właściwie"],
  sv: ["rättelse", "förlåt", "egentligen"],
};

/**
 * Nouns of each language that name a correction of what was written before, as "correction" does
 * in English, wherever the new value stands after them: "250.000 USD monatlich. Korrektur nach
 * Rückruf: … richtig sind 310.000", "120 — correctie na overleg met IT: het worden er 135".
 * (A repair word such as "eigentlich" or "perdón" joins two figures only a few words apart: text/changes.ts.)
 */
export const FOREIGN_CORRECTIONS: Record<string, string[]> = {
  es: ["corrección", "correccion"],
  fr: ["rectification", "rectificatif"],
  de: ["korrektur", "berichtigung"],
  it: ["correzione", "rettifica"],
  pt: ["correção", "correcao", "retificação"],
  nl: ["correctie", "rectificatie"],
  pl: ["korekta", "poprawka", "sprostowanie"],
  sv: ["rättelse", "korrigering"],
};

/**
 * Two-word repairs of each language, by their second word: the first word before it ("15 000 USD
 * – a właściwie … 12 500 USD", Polish for "or rather").
 */
export const FOREIGN_REPAIR_PAIRS: Record<string, string> = { właściwie: "a", raczej: "a" };

/**
 * Words of each language that make two figures a range, as "between" before the first and "to",
 * "and" or "or" between them do in English: "zwischen 250'000 und 400'000", "entre 40 y 45",
 * "tussen 40 en 45", "od 40 do 45", "mellan 40 och 45". Not "a" and "à" ("500 a 12-month term"),
 * nor Dutch "of" (English "20 of 30").
 */
export const FOREIGN_RANGES: Record<string, { before: string[]; between: string[] }> = {
  es: { before: ["entre"], between: ["y", "o"] },
  fr: { before: ["entre"], between: ["et", "ou"] },
  de: { before: ["zwischen"], between: ["und", "bis", "oder"] },
  it: { before: ["tra", "fra"], between: ["e", "o"] },
  pt: { before: ["entre"], between: ["e", "ou"] },
  nl: { before: ["tussen"], between: ["en", "tot"] },
  pl: { before: ["między", "od"], between: ["do", "lub", "albo"] },
  sv: { before: ["mellan"], between: ["och", "till", "eller"] },
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
  pl: ["może", "chyba", "prawdopodobnie", "myślę", "sądzę"],
  sv: ["kanske", "möjligen", "troligen", "tror"],
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
  pl: ["znany", "znana", "znane", "sprawdzony", "sprawdzona", "potwierdzony", "potwierdzona", "potwierdzone"],
  sv: ["känd", "känt", "kända", "kontrollerad", "kontrollerat", "bekräftad", "bekräftat"],
};
/**
 * Phrases of each language that say a check or a request is under way, its outcome not known yet
 * ("en cours", "in corso", "nog open", "w toku"), as English "pending", "in progress", "still waiting".
 */
export const FOREIGN_PENDING: Record<string, string[]> = {
  es: ["pendiente", "en curso", "en trámite", "esperando"],
  fr: ["en attente", "en cours", "attendons"],
  de: ["ausstehend", "läuft noch", "in bearbeitung", "warten noch"],
  it: ["in corso", "in attesa", "atteso", "attesa"],
  pt: ["pendente", "em curso", "em andamento", "aguardando", "aguardamos"],
  nl: ["nog open", "in afwachting", "in behandeling", "wachten nog"],
  pl: ["w toku", "w trakcie", "oczekuje", "czekamy"],
  sv: ["pågår", "inväntar", "väntar på", "väntar fortfarande"],
};
/** Phrases of each language by which a writer says they do not know a figure ("no sé", "keine Ahnung", "nie wiem"). */
export const FOREIGN_NOT_KNOWING: Record<string, string[]> = {
  es: ["no sé", "no lo sé", "ni idea", "no estoy seguro", "no estoy segura"],
  fr: ["ne sais pas", "sais pas", "aucune idée", "pas sûr", "pas sûre"],
  de: ["weiß nicht", "weiß ich nicht", "keine ahnung", "nicht sicher"],
  it: ["non so", "non lo so", "nessuna idea", "non sono sicuro", "non sono sicura"],
  pt: ["não sei", "nenhuma ideia", "não tenho certeza", "não tenho a certeza"],
  nl: ["weet niet", "weet ik niet", "geen idee", "niet zeker"],
  pl: ["nie wiem", "nie mam pojęcia", "nie jestem pewien", "nie jestem pewna"],
  sv: ["vet inte", "ingen aning", "inte säker", "osäker"],
};
/** Words of each language that join one more item to a list ("y", "und", "och"). */
export const FOREIGN_AND: Record<string, string[]> = {
  es: ["y", "e", "más"],
  fr: ["et", "plus"],
  de: ["und", "plus"],
  it: ["e", "ed", "più"],
  pt: ["e", "mais"],
  nl: ["en", "plus"],
  pl: ["i", "oraz", "plus"],
  sv: ["och", "plus"],
};
export const FOREIGN_UNKNOWN: Record<string, string[]> = {
  es: ["desconocido", "desconocida", "pendiente"],
  fr: ["inconnu", "inconnue", "attente"],
  de: ["unbekannt", "ausstehend", "offen"],
  it: ["sconosciuto", "sconosciuta", "attesa"],
  pt: ["desconhecido", "desconhecida", "pendente"],
  nl: ["onbekend", "afwachting"],
  pl: ["nieznany", "nieznana", "nieznane", "oczekuje", "oczekujemy"],
  sv: ["okänd", "okänt", "inväntar", "väntar"],
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
  pl: [
    ["przedwczoraj", 2],
    ["wczoraj", 1],
    ["dzisiaj", 0],
    ["dziś", 0],
  ],
  sv: [
    ["i förrgår", 2],
    ["förrgår", 2],
    ["igår", 1],
    ["i går", 1],
    ["idag", 0],
    ["i dag", 0],
  ],
};

/**
 * What each language calls a document's dictionary of codes, as "legend" and "codes" do in English:
 * `"legenda": {"risco": {"M": "médio"}}`, `"Legende"`, `"leyenda"`, `"codici"`.
 */
export const FOREIGN_LEGENDS: Record<string, string[]> = {
  es: ["leyenda", "códigos", "diccionario"],
  fr: ["légende", "codes", "dictionnaire"],
  de: ["legende", "schlüssel", "codierung"],
  it: ["legenda", "codici", "dizionario"],
  pt: ["legenda", "códigos", "dicionário"],
  nl: ["legenda", "codes", "woordenboek"],
  pl: ["legenda", "kody", "słownik"],
  sv: ["förklaring", "koder", "kodlista"],
};

/**
 * Keys of each language that say which value of the fact above them, never a fact of their own, as
 * "value", "result" and "description" do in English: `{"pep": {"declarado": "não"}}`, `"Wert"`.
 */
export const FOREIGN_LEAF_WORDS: Record<string, string[]> = {
  es: ["valor", "resultado", "descripción", "declarado", "declarada"],
  fr: ["valeur", "résultat", "description"],
  de: ["wert", "ergebnis", "beschreibung", "angegeben"],
  it: ["valore", "risultato", "descrizione", "dichiarato", "dichiarata"],
  pt: ["valor", "resultado", "descrição", "declarado", "declarada"],
  nl: ["waarde", "resultaat", "omschrijving", "opgegeven"],
  pl: ["wartość", "wynik", "opis"],
  sv: ["värde", "resultat", "beskrivning", "uppgivet"],
};

/** A piece of a number in words: a value added, "hundred" (multiplies the group before it), a scale closing the group, or "and". */
export type NumberPiece = number | "hundred" | "and" | { scale: number };
const THOUSAND = { scale: 1e3 };
const MILLION = { scale: 1e6 };

/**
 * The pieces each language writes its numbers with, as amounts in words are written: "ocho mil",
 * "setecientos cuarenta y cinco", "diecimila", "duecentocinquanta", "zweitausendfünfhundert",
 * "vijfentwintig". A word is read as pieces, longest first (foreign-numbers.ts). Not French
 * "quatre-vingt" (four times twenty).
 */
export const FOREIGN_NUMBER_PIECES: Record<string, Record<string, NumberPiece>> = {
  es: {
    ...{ un: 1, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9 },
    ...{ diez: 10, once: 11, doce: 12, trece: 13, catorce: 14, quince: 15, dieci: 10, veinte: 20, veinti: 20 },
    ...{ treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90 },
    ...{ quinientos: 500, quinientas: 500, setecientos: 700, setecientas: 700, novecientos: 900, novecientas: 900 },
    ...{ cien: "hundred", ciento: "hundred", cientos: "hundred", cientas: "hundred", y: "and" },
    ...{ mil: THOUSAND, millón: MILLION, millones: MILLION },
  },
  it: {
    ...{ un: 1, uno: 1, una: 1, due: 2, tre: 3, tré: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9 },
    ...{ dieci: 10, undici: 11, dodici: 12, tredici: 13, quattordici: 14, quindici: 15, sedici: 16 },
    ...{ diciassette: 17, diciotto: 18, diciannove: 19, venti: 20, vent: 20, trenta: 30, trent: 30 },
    ...{ quaranta: 40, quarant: 40, cinquanta: 50, cinquant: 50, sessanta: 60, sessant: 60, settanta: 70, settant: 70 },
    ...{ ottanta: 80, ottant: 80, novanta: 90, novant: 90, cento: "hundred", e: "and" },
    ...{ mille: THOUSAND, mila: THOUSAND, milione: MILLION, milioni: MILLION },
  },
  pt: {
    ...{ um: 1, uma: 1, dois: 2, duas: 2, três: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9 },
    ...{ dez: 10, onze: 11, doze: 12, treze: 13, catorze: 14, quatorze: 14, quinze: 15, dezesseis: 16, dezasseis: 16 },
    ...{ dezessete: 17, dezassete: 17, dezoito: 18, dezenove: 19, dezanove: 19, vinte: 20, trinta: 30, quarenta: 40 },
    ...{ cinquenta: 50, sessenta: 60, setenta: 70, oitenta: 80, noventa: 90, cem: "hundred", cento: "hundred" },
    ...{ duzentos: 200, duzentas: 200, trezentos: 300, trezentas: 300, quatrocentos: 400, quatrocentas: 400 },
    ...{ quinhentos: 500, quinhentas: 500, seiscentos: 600, seiscentas: 600, setecentos: 700, setecentas: 700 },
    ...{ oitocentos: 800, oitocentas: 800, novecentos: 900, novecentas: 900, e: "and" },
    ...{ mil: THOUSAND, milhão: MILLION, milhões: MILLION },
  },
  fr: {
    ...{ un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9 },
    ...{ dix: 10, onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16, vingt: 20, vingts: 20 },
    ...{ trente: 30, quarante: 40, cinquante: 50, soixante: 60, cent: "hundred", cents: "hundred", et: "and" },
    ...{ mille: THOUSAND, million: MILLION, millions: MILLION },
  },
  de: {
    ...{ ein: 1, eins: 1, eine: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9 },
    ...{ zehn: 10, elf: 11, zwölf: 12, sechzehn: 16, siebzehn: 17, zwanzig: 20, dreißig: 30, vierzig: 40 },
    ...{ fünfzig: 50, sechzig: 60, siebzig: 70, achtzig: 80, neunzig: 90, hundert: "hundred", und: "and" },
    ...{ tausend: THOUSAND, million: MILLION, millionen: MILLION },
  },
  nl: {
    ...{ een: 1, één: 1, twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9 },
    ...{ tien: 10, elf: 11, twaalf: 12, dertien: 13, veertien: 14, twintig: 20, dertig: 30, veertig: 40 },
    ...{ vijftig: 50, zestig: 60, zeventig: 70, tachtig: 80, negentig: 90, honderd: "hundred", en: "and" },
    ...{ duizend: THOUSAND, miljoen: MILLION },
  },
};
