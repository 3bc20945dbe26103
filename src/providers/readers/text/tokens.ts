// A text as tokens: words (stemmed, with the synonym concept of any multi-word phrase they start),
// amounts, and sentence ends. `pos` counts content tokens only, so "income of $52,000" puts the
// amount right next to "income".
import { foreignNumberPhrase } from "../foreign-numbers.js";
import { FOREIGN_SCALES, FOREIGN_TIME_UNITS } from "../foreign-words.js";
import { languageDenials } from "./language-denials.js";
import { dotGroupingWordAfter, languagesSeen, languagesWritten } from "./languages.js";
import { englishMil, markFinanceThousands, slangMillionAfter } from "./loose-scales.js";
import {
  amountFromMatch,
  AMOUNT_SOURCE,
  foreignCurrencyAfter,
  numberPhrase,
  numberWord,
  periodAfter,
  roundFloat,
  type Amount,
} from "../numbers.js";
import { conceptTokens, contentStems, phraseAt, representativeOf, stem, STOP_WORDS } from "../words.js";

export interface Token {
  kind: "word" | "amount" | "punct";
  text: string;
  start: number;
  end: number;
  /** lower-case word */
  lower: string;
  stem: string;
  /** the token a multi-word synonym starting here stands for ("politically exposed" → "pep") */
  concept?: string;
  /** the concept is inferred from what is told (a journey to work says commuting), not said */
  inferred?: boolean;
  sentence: number;
  /** clause number: commas, semicolons, pipes, parentheses and conjunctions ("and", "but") end a clause */
  clause: number;
  /** position among content tokens (stop words and punctuation do not count) */
  pos: number;
  stop: boolean;
  amount?: Amount;
  /** end of the amount including its period ("52,000 a year") */
  amountEnd?: number;
  /** part of a message's envelope (a chat line's date stamp, the text's own date): tells no fact */
  envelope?: boolean;
  /**
   * whether the word denies, where its language says otherwise than the tables of denials: a
   * Turkish verb denied by its ending ("almıyorum"), Japanese's particle "no" ("kuruma no shuuri")
   */
  denies?: boolean;
}

// A clock time ("09:15", "2:30 pm") is one token and no amount: transcripts stamp every line. So
// is a reference ("PD-000", "HP-7719-204": capitals, a hyphen, digits), whose letters are no word
// ("PD" is not the police there). An amount starts at its first character, so that a line break
// before it still ends the sentence.
// A sentence end is not tried from the second blank of a run: the first blank's try saw the same
// spaces and what follows them, and each try from inside a run of k blanks would scan the rest of
// it (k² steps for one long run, as quoted lines' markers turned into blanks make).
/** The letters a word is written with: Latin with its accented letters (Romanian "ș", Vietnamese "ư", "ạ"), Greek and Cyrillic. */
const LETTERS = "[A-Za-zÀ-ÖØ-öø-ÿĀ-ɏḀ-ỿͰ-Ͽἀ-῾Ѐ-ӿ]";
const TOKEN = new RegExp(
  `(?<time>\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\s?[ap]\\.?m\\.?)?(?![\\d]))|(?<code>(?<![A-Za-z0-9-])[A-Z]{2,}-\\d[\\dA-Z]*(?:-[\\dA-Z]+)*(?![A-Za-z0-9]))|(?<amount>(?!\\s)${AMOUNT_SOURCE.replace(/\?<(\w+)>/g, "?<a_$1>")})|(?<word>${LETTERS}+(?:-${LETTERS}+)*(?:['’][a-z]+)?)|(?<end>(?!(?<=[ \\t])[ \\t])(?:[.!?;]*[ \\t]*\\r?\\n[\\s.!?;]*|[.!?;]+(?=\\s|$)))|(?<other>\\S)`,
  "gu",
);

/** Whether a number in words may start at this word: a number word, or "a" before a scale ("a million"). */
const startsNumber = (word: string, text: string, start: number): boolean =>
  numberWord(word) !== undefined ||
  (/^an?$/i.test(word) && /^\s+(hundred|thousand|million|billion)\b/i.test(text.slice(start + word.length, start + word.length + 12))) ||
  (/^(half|quarter)$/i.test(word) &&
    /^\s+(of\s+)?an?\s+(hundred|thousand|million|billion)\b/i.test(text.slice(start + word.length, start + word.length + 20)));

/** Japanese's units of ten thousand and a hundred million in Latin letters, after digits, with the yen after them: "350 man en", "1.2 oku-en". */
/** Each language's words of thousands after digits (foreign-words.ts), and Japanese's yen after them ("350 man en"). */
const SCALE_AFTER = new Map(
  Object.entries(FOREIGN_SCALES).map(([language, words]) => [
    language,
    new RegExp(
      `^[ \\t-]?(${Object.keys(words).join("|")})\\.?${language === "ja" ? "(?:[ \\t-]?(en)(?![\\p{L}]))?" : ""}(?![\\p{L}])`,
      "iu",
    ),
  ]),
);
const SCALE_OF = new Map(Object.values(FOREIGN_SCALES).flatMap((words) => Object.entries(words)));

/** The scale word after an amount in one of the text's languages, with its value and the yen it names. */
function scaleAfter(rest: string, languages: ReadonlySet<string>): { times: number; length: number; yen: boolean } | undefined {
  for (const language of languages) {
    const m = SCALE_AFTER.get(language)?.exec(rest);
    if (m) return { times: SCALE_OF.get(m[1]!.toLowerCase())!, length: m[0].length, yen: m[2] !== undefined };
  }
  return undefined;
}

/**
 * The number of an item opening its line ("2. Amount requested ($) ... 5,000", "3) Monthly rent:"):
 * one or two digits, a period or a parenthesis, a blank and a letter. It numbers the form's
 * questions or a list's items, no amount nor count; the line's value follows it.
 */
const ITEM_NUMBER = /^\d{1,2}[.)][ \t]+\p{L}/u;
const LINE_OPENS = /(?:^|\n)[ \t]*$/;
const itemNumber = (text: string, start: number): boolean =>
  ITEM_NUMBER.test(text.slice(start, start + 8)) && LINE_OPENS.test(text.slice(Math.max(0, start - 40), start));

/** Three digits and one letter glued to them: a model's name ("BMW 320d", "118i"), not an amount. */
const MODEL_CODE = /^\d{3}[a-z](?![A-Za-z])/;

/** Abbreviations whose period ends no sentence: "a politically exposed person - e.g. held office?" is one question. */
const ABBREVIATION_END = /(?:^|[^A-Za-z.])(?:e\.g|i\.e|vs|approx|incl|esp|cf|viz)$/i;
/**
 * A person's initial before their name ("UBOs K. Brenner, S. Brenner", "check on R. Halvorsen",
 * a chat speaker "[14:05] J. Abernathy: sorry, 2,430"):
 * one capital after a blank, a bracket or a comma, and a name in capitals after it, on the line.
 * Its period ends no sentence. Not after a word that names a grade or a part ("tier A. Next").
 */
const INITIAL_BEFORE = /(?:^|[\s(,/&[\]])(?:(\p{L}+)[ \t]+)?\p{Lu}$/u;
const INITIAL_AFTER = /^[ \t]\p{Lu}\p{Ll}+(?!\p{L})(?![.!?]?[ \t]*(?:\n|$))/u;
const GRADE_WORDS = new Set(["tier", "plan", "grade", "class", "type", "band", "rating", "category", "option", "level", "group", "part"]);
const initialEnd = (text: string, start: number): boolean => {
  const m = INITIAL_BEFORE.exec(text.slice(Math.max(0, start - 20), start));
  return m !== null && !GRADE_WORDS.has((m[1] ?? "").toLowerCase()) && INITIAL_AFTER.test(text.slice(start + 1, start + 40));
};

/** Words that end a clause; a comma, semicolon, pipe or parenthesis does too. */
const CLAUSE_WORDS = new Set(["and", "but", "while", "whereas", "although", "though", "however"]);
const CLAUSE_MARKS = new Set([",", ";", "|", "(", ")"]);

/**
 * `counts`: starts of a "one" the English model reads as counting the noun after it ("one
 * claim"), a number like any other; elsewhere a lone "one" is a number only before a unit.
 */
export function tokenize(text: string, counts: ReadonlySet<number> = new Set(), dotsGroup = false): Token[] {
  TOKEN.lastIndex = 0;
  const languages = languagesSeen(text);
  const english = englishMil(text, languages);
  // a number word alone ("due", "trois") in the languages the text writes, by their function words or their labels
  const written = new Set([...languages, ...languagesWritten(text)]);
  const tokens: Token[] = [];
  let sentence = 0;
  let clause = 0;
  let pos = 0;
  const push = (t: Omit<Token, "sentence" | "clause" | "pos" | "stop" | "lower" | "stem"> & { lower?: string }) => {
    const lower = t.lower ?? t.text.toLowerCase();
    const stop = t.kind === "punct" || (t.kind === "word" && STOP_WORDS.has(lower));
    if (CLAUSE_MARKS.has(t.text) || (t.kind === "word" && CLAUSE_WORDS.has(lower))) clause++;
    tokens.push({
      kind: t.kind,
      text: t.text,
      start: t.start,
      end: t.end,
      lower,
      stem: t.kind === "word" ? stem(lower) : lower,
      concept: undefined,
      sentence,
      clause,
      pos: stop ? pos : pos++,
      stop,
      amount: t.amount,
      amountEnd: t.amountEnd,
    });
  };
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const g = m.groups ?? {};
    const start = m.index;
    const name = g.time ?? g.code;
    if (name !== undefined) push({ kind: "punct", text: name, start, end: start + name.length });
    else if (g.amount !== undefined && /^\d{1,2}$/.test(m[0].trim()) && itemNumber(text, start + m[0].length - m[0].trimStart().length))
      push({ kind: "punct", text: m[0].trim(), start, end: start + m[0].trimEnd().length });
    // digits glued to a word are part of a name ("analyst2", "A320", a car's "320d"), not an amount
    else if (
      g.amount !== undefined &&
      g.a_cur1 === undefined &&
      (/[A-Za-z]/.test(text[start - 1] ?? "") ||
        (g.a_mult === undefined &&
          g.a_pct === undefined &&
          g.a_cur2 === undefined &&
          MODEL_CODE.test(text.slice(start + m[0].trimEnd().length - 3, start + m[0].trimEnd().length + 2))))
    )
      push({ kind: "punct", text: m[0].trim(), start, end: start + m[0].trimEnd().length });
    else if (g.amount !== undefined) {
      const groups = { cur1: g.a_cur1, num: g.a_num, mult: g.a_mult, pct: g.a_pct, cur2: g.a_cur2 };
      const amount = amountFromMatch({ groups } as unknown as RegExpExecArray);
      const lead = m[0].length - m[0].trimStart().length;
      let end = start + m[0].trimEnd().length;
      // the text's own language's thousands: "12 mil milhas", "15 bin dolar"; Japanese counts in ten thousands ("350 man en")
      // else English's slang "mil" for a million ("$54 mil"), never read for sure (text/loose-scales.ts)
      const unit =
        !groups.mult && !groups.pct
          ? (scaleAfter(text.slice(end, end + 16), languages) ?? slangMillionAfter(text.slice(end, end + 8), english))
          : undefined;
      if (unit) {
        Object.assign(amount, { value: roundFloat(amount.value * unit.times), scaled: true });
        if (unit.yen) amount.currency = "JPY";
        end += unit.length;
        TOKEN.lastIndex = end;
      }
      // money has two decimals: "USD 45.000" groups thousands, as European texts write them, and so
      // does a figure whose currency the text's own language names after it ("48.000 dollari")
      const named = (groups.cur1 ?? groups.cur2 ?? (unit?.yen && "JPY")) ? undefined : foreignCurrencyAfter(text.slice(end));
      if (named && !groups.pct) Object.assign(amount, { currency: named, currencyAfter: true });
      const money = (groups.cur1 ?? groups.cur2) !== undefined || named !== undefined;
      // in a text written in a language that groups thousands with dots, any figure so written ("15.000 mil per tahun"),
      // and a figure whose unit is a word of such a language ("ca. 12.000 Meilen" in a form of labels)
      const grouped = money || dotsGroup || (/^[1-9]\d{0,2}\.\d{3}$/.test(groups.num ?? "") && dotGroupingWordAfter(text.slice(end)));
      if (grouped && !groups.mult && !groups.pct && !unit && /^\d{1,3}\.\d{3}$/.test(groups.num ?? ""))
        amount.value = Math.round(amount.value * 1000);
      const period = periodAfter(text.slice(end), groups.pct !== undefined);
      if (period) amount.period = period.period;
      push({
        kind: "amount",
        text: text.slice(start + lead, end),
        start: start + lead,
        end,
        amount,
        amountEnd: end + (period?.length ?? 0),
      });
    } else if (g.word !== undefined) {
      const phrase = startsNumber(g.word, text, start)
        ? numberPhrase(text, start, g.word)
        : foreignNumberPhrase(text, start, g.word, languages, written);
      // "one" alone is a number only before a unit ("one year"), not in "one of the owners"
      const lone = phrase && phrase.end === start + g.word.length && /^one$/i.test(g.word);
      const unitFollows = () => /^\s+(year|month|week|day|seat|licen[cs]e|user|unit)/i.test(text.slice(start + g.word!.length));
      if (phrase && (!lone || unitFollows() || counts.has(start))) {
        const period = periodAfter(text.slice(phrase.end));
        if (period) phrase.amount.period = period.period;
        push({
          kind: "amount",
          text: text.slice(start, phrase.end),
          start,
          end: phrase.end,
          amount: phrase.amount,
          amountEnd: phrase.end + (period?.length ?? 0),
        });
        TOKEN.lastIndex = phrase.end;
        continue;
      }
      // "self-employed" → "self", "employed": each part is a word
      let offset = start;
      for (const part of g.word.split("-")) {
        const n = numberWord(part);
        if (n !== undefined && !/^one$/i.test(part))
          push({
            kind: "amount",
            text: part,
            start: offset,
            end: offset + part.length,
            amount: { value: n, percent: false, scaled: false, words: true },
          });
        else push({ kind: "word", text: part, start: offset, end: offset + part.length });
        offset += part.length + 1;
      }
    } else if (g.end !== undefined) {
      if (g.end === "." && (ABBREVIATION_END.test(text.slice(Math.max(0, start - 8), start)) || initialEnd(text, start))) continue;
      sentence++;
      clause++;
    } else if (/^[,:()–—|-]$/.test(g.other ?? "")) push({ kind: "punct", text: g.other!, start, end: start + 1 });
  }
  markConcepts(tokens);
  markJourneys(tokens);
  markLegalForms(tokens, text);
  markHonorifics(tokens, text);
  markShortUnits(tokens);
  markFinanceThousands(tokens);
  const denials = languageDenials(text, languages);
  if (denials.size > 0) for (const t of tokens) if (t.kind === "word" && denials.has(t.start)) t.denies = denials.get(t.start);
  return tokens;
}

/** Units of time as notes shorten them: each says the unit's own word ("5 yrs" says "years"). */
const SHORT_UNITS: Record<string, string> = {
  yr: "year",
  yrs: "year",
  mo: "month",
  mos: "month",
  mth: "month",
  mths: "month",
  wk: "week",
  wks: "week",
};

const UNIT_WORDS: Record<string, string> = {
  ...SHORT_UNITS,
  ...Object.fromEntries(Object.entries(FOREIGN_TIME_UNITS).flatMap(([unit, words]) => words.map((w) => [w, unit]))),
};

function markShortUnits(tokens: Token[]): void {
  for (const t of tokens)
    if (t.kind === "word" && t.concept === undefined && Object.hasOwn(UNIT_WORDS, t.lower)) t.concept = UNIT_WORDS[t.lower];
}

/** Legal forms written after a company's name ("Brightwater Trading B.V.", "Acme GmbH", "Foo Ltd"), lower case, dots removed. */
const LEGAL_FORMS = new Set("ltd llc inc plc gmbh llp corp pty sarl srl ag bv nv sa kg".split(" "));
const COMPANY = conceptTokens(contentStems("company"))[0]!;

/**
 * A legal form after a capitalised name, or "incorporated", says the party is a company: the word
 * carries that concept, inferred (a kind of customer named by what the text tells of it).
 */
function markLegalForms(tokens: Token[], text: string): void {
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== "word") continue;
    // "B.V.", "S.A.": single letters joined by dots
    const next = tokens[i + 1];
    const dotted = next && /^[A-Z]$/.test(t.text) && /^[A-Z]$/.test(next.text) && text.slice(t.end, next.start) === ".";
    const form = dotted ? (t.text + next.text).toLowerCase() : t.lower;
    const before = tokens[i - 1]!;
    // a short form only in capitals ("AG", "NV") or dotted ("S.A."): "ag", "sa" are no forms
    const written = form.length > 2 ? true : dotted || t.text === t.text.toUpperCase();
    const named = before.kind === "word" && before.sentence === t.sentence && /^[A-Z]/.test(before.text) && written;
    if ((named && LEGAL_FORMS.has(form)) || t.lower === "incorporated") {
      t.concept = COMPANY;
      t.inferred = true;
    }
  }
}

/** Titles written before a person's name ("Ms Cole", "Mr. Okafor"), lower case, dots removed. */
const HONORIFICS = new Set("mr mrs ms miss mx".split(" "));
const INDIVIDUAL = conceptTokens(contentStems("individual"))[0]!;

/**
 * A title before a capitalised name says the party is a natural person: the title carries the
 * concept of an individual, inferred (a kind of customer named by what the text tells of it).
 */
function markHonorifics(tokens: Token[], text: string): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== "word" || !HONORIFICS.has(t.lower) || !/^[A-Z]/.test(t.text)) continue;
    // the title's dot may end a sentence for the tokenizer ("Ms. Cole"): the name follows it all the same
    const name = tokens[i + 1]!;
    if (name.kind === "word" && /^\.?\s?$/.test(text.slice(t.end, name.start)) && /^[A-Z][a-z]/.test(name.text)) {
      t.concept = INDIVIDUAL;
      t.inferred = true;
    }
  }
}

/** Words of going somewhere, and places of work or study a regular journey goes to. */
const JOURNEY_VERBS = new Set(
  "drive drives driving drove get gets getting go goes going travel travels travelling traveling ride rides riding".split(" "),
);
const WORKPLACES = new Set(
  "office work job workplace hospital factory warehouse plant depot college university campus shift shifts".split(" "),
);
/** How many tokens may stand between the verb and "to", and between "to" and the place. */
const JOURNEY_GAP = 4;
const COMMUTING = conceptTokens(contentStems("commuting"))[0]!;

/**
 * A journey to a place of work or study ("I drive it to the office every weekday", "getting to
 * the hospital where I work", "driving to college") says commuting: the place carries that
 * concept. Going for work ("driving for work", "deliver to job sites") is not such a journey.
 */
function markJourneys(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (!JOURNEY_VERBS.has(tokens[i]!.lower)) continue;
    let to = -1;
    for (let j = i + 1; j < Math.min(tokens.length, i + 1 + JOURNEY_GAP) && tokens[j]!.sentence === tokens[i]!.sentence; j++)
      if (tokens[j]!.lower === "to") {
        to = j;
        break;
      }
    if (to < 0) continue;
    for (let k = to + 1; k < Math.min(tokens.length, to + 1 + JOURNEY_GAP) && tokens[k]!.sentence === tokens[i]!.sentence; k++) {
      const t = tokens[k]!;
      if (t.kind !== "word") break;
      if (WORKPLACES.has(t.lower) && !/^sites?$/.test(tokens[k + 1]?.lower ?? "")) {
        t.concept = COMMUTING;
        t.inferred = true;
        break;
      }
    }
  }
}

function markConcepts(tokens: Token[]): void {
  const words = tokens.map((t) => (t.kind === "word" && !t.stop ? t.stem : ""));
  const content = tokens.map((_, i) => i).filter((i) => words[i] !== "");
  const stems = content.map((i) => words[i]!);
  for (let j = 0; j < stems.length; j++) {
    const phrase = phraseAt(stems, j);
    if (!phrase) continue;
    const first = tokens[content[j]!]!;
    const last = tokens[content[j + phrase.stems.length - 1]!]!;
    if (first.sentence !== last.sentence) continue;
    for (let k = j; k < j + phrase.stems.length; k++) tokens[content[k]!]!.concept = representativeOf(phrase.group);
  }
}
