// Everything the CLI prints goes through here: control characters (C0 but
// line breaks and tabs, DEL, C1, and the BIDI overrides and isolates) are
// shown as `\xNN` / `\u{NNNN}` so that a wiki's or a file's text cannot move
// the cursor, recolour the terminal, set its title or reorder what a person
// reads; and every secret the run knows is masked.

import { NO_REDACTION, redactorFor, type Redactor } from '../../common/src/redact';
import { visibleControls } from '../../common/src/text';

/** Text safe for a terminal; line breaks and tabs kept. */
export function terminalSafe(text: string): string {
  return visibleControls(text, true);
}

/** One line safe for a terminal: line breaks and tabs escaped as well. */
export function terminalSafeLine(text: string): string {
  return visibleControls(text);
}

/** Characters JSON.stringify leaves raw that a terminal acts on, as JSON escapes (still the same JSON value). */
export function jsonTerminalSafe(json: string): string {
  return json.replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Longest message printed on stderr, in characters (a wiki's 300 KB `continue` must not flood the terminal). */
export const MAX_MESSAGE_CHARS = 2000;

export function boundLength(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** Where the CLI's messages go: stderr, scrubbed, bounded, terminal-safe. */
export class Messages {
  private redact: Redactor = NO_REDACTION;
  constructor(private readonly prefix: string) {}

  /** Every later message masks these values. */
  hideValues(values: Iterable<string | undefined>): void {
    this.redact = redactorFor(values);
  }

  /** Every later message goes through this redactor (a run's, redactorOf in request.ts). */
  useRedactor(redact: Redactor): void {
    this.redact = redact;
  }

  get redactor(): Redactor {
    return this.redact;
  }

  /** `mwq <command>: text` */
  say(text: string): void {
    process.stderr.write(`${this.prefix}: ${this.clean(text)}\n`);
  }

  /** Several `say` lines in one write (a summary of 1,000 wikis is not 1,000 writes). */
  sayAll(texts: readonly string[]): void {
    if (texts.length) process.stderr.write(texts.map((t) => `${this.prefix}: ${this.clean(t)}\n`).join(''));
  }

  /** A line as it is (no prefix). */
  line(text: string): void {
    process.stderr.write(this.clean(text) + '\n');
  }

  clean(text: string): string {
    return terminalSafe(boundLength(this.redact(text)));
  }
}

/** Writes to stdout, waiting for the pipe when it is full. */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(text)) resolve();
    else process.stdout.once('drain', () => resolve());
  });
}
