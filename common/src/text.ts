// Small wording helpers shared by every message.

/** `1 page`, `2 pages`; `count(3, 'batch', 'batches')`. */
export function count(n: number, word: string, pluralWord = `${word}s`): string {
  return `${n} ${n === 1 ? word : pluralWord}`;
}
