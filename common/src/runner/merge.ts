// Answers flattened into rows, page by page.
//
// Only the query's result rows (runner/rowParts.ts): its first list module,
// else its pages, else (meta modules only) its first part. Other parts
// (`searchinfo`, siteinfo's `general`, a second list) are never rows; they
// stay in the answers (results/parts.ts).
//
// - A list module's items (`query.allpages`, `query.categorymembers`, ...) are
//   rows as soon as they arrive.
// - `query.pages` (prop modules, generators, titles=/pageids=/revids=): the same
//   page comes back in several answers with more properties each time (prop
//   continuation). Pages are merged by `pageid` (by title for missing and
//   invalid pages), prop arrays (`revisions`, `categories`, `links`, ...)
//   concatenated, other fields kept, and handed out when the batch is complete
//   (`batchcomplete`, or the last answer).
// - A meta-only query's first part: a list's items, an object of objects
//   (`query.namespaces`) one row per value, an object (`query.general`) one
//   `{ key, value }` row per property.
// - Another action's answer (`parse`, `compare`, `opensearch`): the part the
//   rows rule by answer shape makes its rows (actionRows.ts), the same way.
// Rows are the answer's own objects (no copies), except merged pages, which
// are shallow copies made when the second fragment arrives, so the raw answer
// stays as the wiki sent it.

import { isRecord } from '../json';
import { chooseList, listItemRows, MetaRows, type RowPlan } from './rowParts';
import { ActionRows } from './actionRows';
import { PageIdSet } from './pageIdSet';
import type { Row } from '../row';

export interface RowBatch {
  /** `allpages`, `pages`, `general`, ... (the key under `query` that holds the rows). */
  list: string;
  rows: Row[];
}

export class ResultMerger {
  private readonly pending = new Map<string, Row>();
  private readonly owned = new WeakSet<Row>();
  private readonly meta = new MetaRows();
  private readonly actionRows = new ActionRows();
  /**
   * Pages already handed out: a generator that yields a page again in a later
   * batch (`generator=alllinks` without `galunique`) gives it no second row.
   * Page ids in a bitmap (pageIdSet.ts: a bit or so per page, for dumps of millions), other keys as text.
   */
  private readonly handedOut = new PageIdSet();
  private readonly handedOutKeys = new Set<string>();
  private chosen: string | undefined;

  /** `plan`: which part is the rows (rowPlan of the request's parameters); without one, `pages`. */
  constructor(private readonly plan: RowPlan = { main: 'pages' }) {}

  /** Feeds one answer; returns the rows it completed (one batch of the rows' part, or none). */
  add(json: unknown): RowBatch[] {
    const out: RowBatch[] = [];
    if (this.plan.action !== undefined) {
      // Another action's answer (an object, or opensearch's array): its rows by shape (actionRows.ts).
      const rows = this.actionRows.add(json);
      const name = this.actionRows.name;
      if (rows.length && name !== undefined) out.push({ list: name, rows });
      return out;
    }
    if (!isRecord(json)) return out;
    const query = json.query;
    // The first named list the answers hold (not an unknown module's name).
    this.chosen ??= chooseList(this.plan, query);
    const main = this.chosen ?? this.plan.main;
    if (isRecord(query)) {
      if (main === 'pages') {
        if (Object.hasOwn(query, 'pages')) this.addPages(query.pages);
      } else if (main !== undefined) {
        const rows = Object.hasOwn(query, main) ? listItemRows(query[main]) : [];
        if (rows.length) out.push({ list: main, rows });
      } else {
        const rows = this.meta.add(query);
        if (rows.length && this.meta.name !== undefined) out.push({ list: this.meta.name, rows });
      }
    }
    // A batch of pages is complete with `batchcomplete`, or when nothing continues.
    const complete = json.batchcomplete !== undefined && json.batchcomplete !== false;
    if (complete || !isRecord(json.continue)) {
      const pages = this.flushPages();
      if (pages) out.push(pages);
    }
    return out;
  }

  /** Pages of the current batch not handed out yet (still gaining properties). */
  pendingRows(): Row[] {
    return [...this.pending.values()];
  }

  /** How many pages are pending (cheaper than pendingRows().length). */
  pendingCount(): number {
    return this.pending.size;
  }

  /** Hands out everything still pending (at the end of a run that stopped early). */
  flush(): RowBatch[] {
    const pages = this.flushPages();
    return pages ? [pages] : [];
  }

  private addPages(value: unknown): void {
    // formatversion 2: an array; formatversion 1: an object keyed by page id.
    const pages = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
    for (const page of pages) {
      if (!isRecord(page)) continue;
      const key = pageKey(page);
      const existing = this.pending.get(key);
      if (!existing) {
        this.pending.set(key, page);
        continue;
      }
      let target = existing;
      if (!this.owned.has(target)) {
        target = { ...existing };
        this.owned.add(target);
        this.pending.set(key, target);
      }
      mergePage(target, page);
    }
  }

  private flushPages(): RowBatch | undefined {
    if (this.pending.size === 0) return undefined;
    const rows: Row[] = [];
    for (const [key, row] of this.pending) {
      if (key.startsWith('id:')) {
        const id = Number(key.slice(3));
        if (this.handedOut.has(id)) continue;
        this.handedOut.add(id);
      } else {
        if (this.handedOutKeys.has(key)) continue;
        this.handedOutKeys.add(key);
      }
      rows.push(row);
    }
    this.pending.clear();
    return rows.length ? { list: 'pages', rows } : undefined;
  }
}

/** `id:<pageid>` for existing pages, `title:<title>` for missing, invalid and special ones. */
export function pageKey(page: Row): string {
  const id = page.pageid;
  if (typeof id === 'number' && id > 0) return `id:${id}`;
  if (typeof id === 'string' && /^[1-9]\d*$/.test(id)) return `id:${id}`;
  if (typeof page.title === 'string') return `title:${page.title}`;
  if (page.revid !== undefined) return `rev:${String(page.revid)}`;
  return `json:${JSON.stringify(page)}`;
}

/** Adds a later fragment of a page: arrays concatenated, objects merged, other fields kept. */
export function mergePage(target: Row, fragment: Row): void {
  for (const [key, value] of Object.entries(fragment)) {
    const current = target[key];
    if (Array.isArray(current) && Array.isArray(value)) target[key] = current.concat(value);
    else if (isRecord(current) && isRecord(value) && !Array.isArray(current) && !Array.isArray(value))
      target[key] = { ...current, ...value };
    else if (!(key in target)) target[key] = value;
  }
}

/** Rows kept in memory, per list: what a results panel or an export reads. */
export class RowStore {
  private readonly byList = new Map<string, Row[]>();
  private count = 0;

  add(batches: readonly RowBatch[]): void {
    for (const batch of batches) {
      let rows = this.byList.get(batch.list);
      if (!rows) {
        rows = [];
        this.byList.set(batch.list, rows);
      }
      for (const row of batch.rows) rows.push(row);
      this.count += batch.rows.length;
    }
  }

  /** List names in order of first appearance. */
  lists(): string[] {
    return [...this.byList.keys()];
  }

  /** The rows of one list (default: the first list seen). */
  rows(list = this.lists()[0]): readonly Row[] {
    return list === undefined ? [] : (this.byList.get(list) ?? []);
  }

  get total(): number {
    return this.count;
  }

  clear(): void {
    this.byList.clear();
    this.count = 0;
  }
}
