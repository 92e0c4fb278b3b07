// "Did you mean …?": the closest candidate by edit distance.

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), capped. */
export function editDistance(a: string, b: string, cap = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > cap) return cap + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The nearest candidate within a distance that scales with the word's length. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const cap = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = cap + 1;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const d = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase(), cap);
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= cap ? best : undefined;
}
