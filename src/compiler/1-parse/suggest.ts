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

export const didYouMean = (name: string, candidates: Iterable<string>): string => {
  const s = suggest(name, candidates);
  return s === undefined ? "" : `; did you mean \`${s}\`?`;
};
