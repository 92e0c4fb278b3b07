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
  const lines: SourceLine[] = [];
  let start = 0;
  const length = text.length;
  for (let i = 0; i <= length; i++) {
    const code = i < length ? text.charCodeAt(i) : -1;
    if (code === 10 || code === 13 || code === -1) {
      let indent = 0;
      while (start + indent < i && (text.charCodeAt(start + indent) === 32 || text.charCodeAt(start + indent) === 9)) indent++;
      lines.push({ number: lines.length, start, end: i, indent });
      if (code === 13 && i + 1 < length && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  return lines;
}

/** Offsets of the start of every line, for offset <-> position conversion. */
export function lineStartOffsets(lines: readonly SourceLine[]): number[] {
  return lines.map((line) => line.start);
}
