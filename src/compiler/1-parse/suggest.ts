// "Did you mean ...?": the closest candidate by edit distance, when it is close enough to help.

export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      prev[j] = Math.min(above + 1, prev[j - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return prev[b.length]!;
}

/** The best candidate within max(2, a third of the name's length) edits; case differences count as half. */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === name) continue;
    const score = Math.min(editDistance(name, c), editDistance(name.toLowerCase(), c.toLowerCase()) + 0.5);
    if (score <= limit && score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** Known confusions: a name from another language, and what it is called here (2-analyse/known-confusions.ts). */
export type Confusions = Readonly<Record<string, readonly string[]>>;

/**
 * What `name` probably meant: the known confusion for it or for its first word (`integer [0..20]`
 * gives `number [0..20]`), keeping only suggestions among the candidates; else the nearest spelling.
 */
export function suggestions(name: string, candidates: Iterable<string>, confusions: Confusions = {}): string[] {
  const known = new Set(candidates);
  const head = /^\S+/.exec(name)?.[0] ?? name;
  const key = [name, head].find((k) => Object.hasOwn(confusions, k));
  const found = key === undefined ? [] : confusions[key]!.filter((m) => known.has(m)).map((m) => m + name.slice(key.length));
  if (found.length > 0) return found;
  const s = suggest(name, known);
  return s === undefined ? [] : [s];
}

const listed = (names: readonly string[]): string => {
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
};

export const didYouMean = (name: string, candidates: Iterable<string>, confusions: Confusions = {}): string => {
  const s = suggestions(name, candidates, confusions);
  return s.length === 0 ? "" : `; did you mean ${listed(s)}?`;
};
