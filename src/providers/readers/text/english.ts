// What a field-maintained English model reads in a text, as character spans the reader's own
// tokens can be tested against: wink-nlp with its English model finds sentences, tokens, the
// scope of each negation ("no claims in five years": claims, in, five, years are denied) and
// entities (DURATION: "five years", "29 years"; CARDINAL, MONEY, DATE). compromise turns a
// number written in words into its value ("six hundred and forty-five" → 645). Loaded once, on
// first use; no data is fetched: both ship their models in the package. wink-nlp reads in one
// pass, linear in the text.
import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";
import nlp from "compromise";

export interface Span {
  start: number;
  end: number;
}

export interface EnglishReading {
  /** tokens inside the scope of a negation, merged into spans */
  negated: Span[];
  /** spans of time ("five years", "a month", "29 years") */
  durations: Span[];
}

let english: ReturnType<typeof winkNLP> | undefined;
const load = (): ReturnType<typeof winkNLP> => (english ??= winkNLP(model));

export function readEnglish(text: string): EnglishReading {
  const w = load();
  const its = w.its;
  const doc = w.readDoc(text);
  // wink-nlp keeps every character: a token's start is the text so far plus its preceding spaces
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  const values = doc.tokens().out(its.value) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const flags = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  for (let i = 0; i < values.length; i++) {
    at += spaces[i]!.length;
    const found = text.indexOf(values[i]!, at);
    // a token wink-nlp normalised (rare): keep the running position
    const start = found >= 0 && found - at < 4 ? found : at;
    starts.push(start);
    at = start + values[i]!.length;
    ends.push(at);
  }
  const negated: Span[] = [];
  flags.forEach((f, i) => {
    if (!f) return;
    const last = negated[negated.length - 1];
    if (last && i > 0 && flags[i - 1]) last.end = ends[i]!;
    else negated.push({ start: starts[i]!, end: ends[i]! });
  });
  const durations: Span[] = [];
  doc.entities().each((e: { out: (f?: unknown) => unknown }) => {
    if (e.out(its.type) !== "DURATION") return;
    const [first, last] = e.out(its.span) as unknown as [number, number];
    durations.push({ start: starts[first]!, end: ends[last]! });
  });
  return { negated, durations };
}

/** The value of a number written in words ("thirty-eight thousand", "one hundred and twenty"), or undefined. */
export function numberInWords(phrase: string): number | undefined {
  const found = nlp(phrase).numbers().get() as unknown[];
  return found.length === 1 && typeof found[0] === "number" && Number.isFinite(found[0]) ? found[0] : undefined;
}

/** Whether the span [start, end) overlaps one of the spans (sorted by start). */
export function within(spans: Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < spans.length && spans[lo]!.start < end;
}
