// Splits text into lines, recognising "\n", "\r\n" and a lone "\r", and keeps
// each line's offsets so every node can point back into the original text.

export interface SourceLine {
  /** Zero-based line number. */
  number: number;
  /** Offset of the first character. */
  start: number;
  /** Offset just past the last character, before the line break. */
  end: number;
  /** Count of leading blanks (spaces and tabs). */
  indent: number;
}

export function scanLines(text: string): SourceLine[] {
  return scanLineRange(text, 0, text.length, 0, true);
}

/**
 * The lines that start in [start, end) of `text`, numbered from `firstNumber`.
 * `toEnd`: `end` is the end of the text, whose last line (maybe empty) counts;
 * otherwise `end` is the start of a line that is not included.
 */
export function scanLineRange(text: string, start: number, end: number, firstNumber: number, toEnd: boolean): SourceLine[] {
  const lines: SourceLine[] = [];
  let lineStart = start;
  for (let i = start; i <= end; i++) {
    const code = i < end ? text.charCodeAt(i) : -1;
    if (code === -1 && !toEnd) break;
    if (code === 10 || code === 13 || code === -1) {
      let indent = 0;
      while (lineStart + indent < i && (text.charCodeAt(lineStart + indent) === 32 || text.charCodeAt(lineStart + indent) === 9)) indent++;
      lines.push({ number: firstNumber + lines.length, start: lineStart, end: i, indent });
      if (code === 13 && i + 1 < text.length && text.charCodeAt(i + 1) === 10) i++;
      lineStart = i + 1;
    }
  }
  return lines;
}

/** Index of the line holding `offset` (binary search; lines are numbered by index). */
export function lineIndexAt(lines: readonly SourceLine[], offset: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(lo, 0);
}
