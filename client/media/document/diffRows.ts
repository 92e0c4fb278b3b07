// The rows of a MediaWiki diff (`action=compare`'s `body`: the <tr> rows of
// the wiki's diff table) read into plain data for the side-by-side view.
// The HTML is parsed by DOMParser into an inert document (no script runs,
// nothing loads) and only its text and the diff's own classes are read;
// nothing of it is ever put into the panel's DOM. An element the diff format
// does not use (an <img> a hostile wiki put in a cell) is kept as its source
// text, so it shows as text.

export type DiffLineKind = 'deleted' | 'added' | 'context' | 'empty';

/** A run of text on one side; `changed`: inside the wiki's <del>/<ins> (a word changed). */
export interface DiffSegment {
  text: string;
  changed: boolean;
}

export interface DiffSide {
  kind: DiffLineKind;
  segments: DiffSegment[];
}

export type DiffRow = { type: 'lineno'; left: string; right: string } | { type: 'line'; left: DiffSide; right: DiffSide };

/** Elements of the diff format whose text is read; any other element is shown as its source. */
const DIFF_ELEMENTS: ReadonlySet<string> = new Set(['DIV', 'SPAN', 'DEL', 'INS', 'A', 'BR', 'P']);

/** The rows of a diff body; [] for an empty body (the same text on both sides). */
export function parseDiffRows(body: string): DiffRow[] {
  const doc = new DOMParser().parseFromString(`<table><tbody>${body}</tbody></table>`, 'text/html');
  const rows: DiffRow[] = [];
  for (const tr of doc.querySelectorAll('tr')) {
    const cells = [...tr.children].filter((c) => c.tagName === 'TD' || c.tagName === 'TH');
    const linenos = cells.filter((c) => c.classList.contains('diff-lineno'));
    if (linenos.length) {
      rows.push({ type: 'lineno', left: clean(linenos[0]!.textContent), right: clean(linenos[1]?.textContent) });
      continue;
    }
    const content = cells.filter((c) => !c.classList.contains('diff-marker'));
    if (!content.length) continue;
    const left = content.find((c) => c.classList.contains('diff-side-deleted')) ?? (content.length > 1 ? content[0] : undefined);
    const right = content.find((c) => c.classList.contains('diff-side-added')) ?? content[content.length > 1 ? 1 : 0];
    rows.push({ type: 'line', left: sideOf(left, 'deleted'), right: sideOf(right === left ? undefined : right, 'added') });
  }
  return rows;
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function sideOf(cell: Element | undefined, changedKind: 'deleted' | 'added'): DiffSide {
  if (!cell) return { kind: 'empty', segments: [] };
  const c = cell.classList;
  const segments: DiffSegment[] = [];
  collect(cell, false, segments);
  if (c.contains('diff-context')) return { kind: 'context', segments };
  if (c.contains('diff-deletedline') || c.contains('diff-addedline')) return { kind: changedKind, segments };
  return { kind: segments.some((s) => s.text !== '') ? changedKind : 'empty', segments };
}

/** The text under `node`, in runs marked changed inside <del>/<ins> (or the wiki's `diffchange` class). */
function collect(node: Node, changed: boolean, out: DiffSegment[]): void {
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) push(out, child.textContent ?? '', changed);
    else if (child.nodeType === Node.ELEMENT_NODE) {
      const element = child as Element;
      if (!DIFF_ELEMENTS.has(element.tagName)) push(out, element.outerHTML, changed);
      else if (element.tagName === 'BR') push(out, '\n', changed);
      else
        collect(
          element,
          changed || element.tagName === 'DEL' || element.tagName === 'INS' || element.classList.contains('diffchange'),
          out,
        );
    }
  }
}

function push(out: DiffSegment[], text: string, changed: boolean): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.changed === changed) last.text += text;
  else out.push({ text, changed });
}
