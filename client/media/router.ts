// Messages from the host to the page, checked in this one place and handed to
// one handler per type. The page runs next to wiki content; nothing is
// assumed about what arrives: `readHostMessage` refuses what has the wrong
// shape and gives the rest back with every field the page reads of the right
// type (strings clipped, counts finite), so the views and the model
// (model/panelModel.ts) trust what they are given.

import { isRecord } from '../../common/src/json';
import type {
  ApiMessage,
  HostToPanel,
  PanelCategoryMembers,
  PanelComparison,
  PanelHistoryEntry,
  PanelPage,
  PanelPending,
  PanelRunInfo,
  PanelStatus,
  PanelWikiStatus,
} from '../../common/src/panelProtocol';
import type { Row } from '../../common/src/row';
import { clip } from '../../common/src/text';

export interface HostHandlers {
  reset(run: PanelRunInfo): void;
  page(page: PanelPage): void;
  status(status: PanelStatus): void;
  pending(pending: PanelPending | undefined): void;
  history(runs: PanelHistoryEntry[]): void;
  comparison(comparison: PanelComparison): void;
  pinned(): void;
  categoryMembers(members: PanelCategoryMembers): void;
}

/** Characters kept of a name, an address or a message from the host. */
const TEXT_MAX = 2000;
const WIKI_STATES: ReadonlySet<string> = new Set(['waiting', 'running', 'done', 'failed']);

const text = (v: unknown, max = TEXT_MAX): string => (typeof v === 'string' ? clip(v, max) : '');
const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0);
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? v.map((r) => (isRecord(r) ? r : { value: r })) : []);

function messagesOf(v: unknown): ApiMessage[] {
  return Array.isArray(v)
    ? v.filter(isRecord).map((m) => ({
        code: String(m.code ?? ''),
        text: String(m.text ?? ''),
        ...(m.module !== undefined ? { module: String(m.module) } : {}),
      }))
    : [];
}

/** A page: rows that are not objects become `{ value }`; `raw` is the answer as it came (shown as a tree); index -1: not given. */
export function pageOf(page: Record<string, unknown>): PanelPage {
  return {
    index: typeof page.index === 'number' ? page.index : -1,
    requestUrl: String(page.requestUrl ?? ''),
    method: page.method === 'POST' ? 'POST' : 'GET',
    httpStatus: Number(page.httpStatus) || 0,
    timeMs: Number(page.timeMs) || 0,
    rows: rowsOf(page.rows),
    ...(typeof page.rowsPart === 'string' && page.rowsPart.length <= 200 ? { rowsPart: page.rowsPart } : {}),
    warnings: messagesOf(page.warnings),
    errors: messagesOf(page.errors),
    raw: page.raw,
  };
}

/** A wiki of a run across several wikis, or undefined without a name. */
export function wikiStatusOf(value: unknown): PanelWikiStatus | undefined {
  if (!isRecord(value) || typeof value.wiki !== 'string' || !value.wiki) return undefined;
  const state = typeof value.state === 'string' && WIKI_STATES.has(value.state) ? (value.state as PanelWikiStatus['state']) : 'waiting';
  return {
    wiki: text(value.wiki, 200),
    endpoint: text(value.endpoint),
    state,
    items: count(value.items),
    pages: count(value.pages),
    ...(typeof value.error === 'string' && value.error ? { error: text(value.error) } : {}),
    ...(value.more === true ? { more: true } : {}),
  };
}

function runOf(run: Record<string, unknown>): PanelRunInfo {
  return {
    queryName: String(run.queryName ?? ''),
    endpoint: String(run.endpoint ?? ''),
    requestUrl: String(run.requestUrl ?? ''),
    startedAt: String(run.startedAt ?? ''),
    ...(typeof run.imageOrigin === 'string' && /^https?:\/\/[^/\s;,'"]+$/.test(run.imageOrigin) ? { imageOrigin: run.imageOrigin } : {}),
    ...(Array.isArray(run.addedParams)
      ? {
          addedParams: run.addedParams
            .filter((p) => typeof p === 'string')
            .slice(0, 8)
            .map((p) => p.slice(0, 200)),
        }
      : {}),
  };
}

function statusOf(s: Record<string, unknown>): PanelStatus {
  const target = isRecord(s.target) ? s.target : undefined;
  const message = isRecord(s.message) ? s.message : undefined;
  const level = message?.level === 'error' || message?.level === 'warning' ? message.level : 'info';
  return {
    pages: count(s.pages),
    items: count(s.items),
    hasMore: s.hasMore === true,
    running: s.running === true,
    ...(target
      ? {
          target: {
            ...(target.maxPages !== undefined ? { maxPages: count(target.maxPages) } : {}),
            ...(target.maxItems !== undefined ? { maxItems: count(target.maxItems) } : {}),
          },
        }
      : {}),
    ...(message ? { message: { level, text: String(message.text ?? '') } } : {}),
    ...(s.requestMs !== undefined ? { requestMs: count(s.requestMs) } : {}),
    ...(typeof s.summary === 'string' ? { summary: s.summary } : {}),
    ...(Array.isArray(s.wikis) ? { wikis: s.wikis.map(wikiStatusOf).filter((w) => w !== undefined) } : {}),
  };
}

function historyEntryOf(r: unknown): PanelHistoryEntry | undefined {
  if (!isRecord(r) || typeof r.id !== 'string' || typeof r.startedAt !== 'string') return undefined;
  return {
    id: r.id,
    startedAt: r.startedAt,
    finishedAt: text(r.finishedAt),
    status: text(r.status, 40),
    pages: count(r.pages),
    items: count(r.items),
    rows: count(r.rows),
    requestMs: count(r.requestMs),
    hasMore: r.hasMore === true,
    truncated: r.truncated === true,
    ...(typeof r.error === 'string' && r.error ? { error: r.error } : {}),
  };
}

function comparisonOf(c: Record<string, unknown>): PanelComparison | undefined {
  const before = historyEntryOf(c.before);
  if (!before || !Array.isArray(c.added) || !Array.isArray(c.removed) || !Array.isArray(c.changed)) return undefined;
  const after = historyEntryOf(c.after);
  const keyed = (list: unknown[]) => list.filter(isRecord).map((e) => ({ e, key: String(e.key ?? '') }));
  const partial = isRecord(c.partial) && typeof c.partial.note === 'string' ? c.partial : undefined;
  return {
    before,
    ...(after ? { after } : {}),
    keyField: String(c.keyField ?? ''),
    added: keyed(c.added).map(({ e, key }) => ({ key, row: rowsOf([e.row])[0]! })),
    removed: keyed(c.removed).map(({ e, key }) => ({ key, row: rowsOf([e.row])[0]! })),
    changed: keyed(c.changed).map(({ e, key }) => ({
      key,
      before: isRecord(e.before) ? e.before : {},
      after: isRecord(e.after) ? e.after : {},
      cells: Array.isArray(e.cells) ? e.cells.map(String) : [],
    })),
    unchanged: count(c.unchanged),
    ...(partial ? { partial: { note: String(partial.note), notCompared: count(partial.notCompared) } } : {}),
  };
}

function pendingOf(p: unknown): PanelPending | undefined {
  if (!isRecord(p) || !Array.isArray(p.rows) || !Array.isArray(p.stillComing)) return undefined;
  return { rows: p.rows.filter(isRecord), stillComing: p.stillComing.map(String) };
}

/** The host's message checked: undefined when its type is unknown or its shape wrong. */
export function readHostMessage(data: unknown): HostToPanel | undefined {
  if (!isRecord(data)) return undefined;
  switch (data.type) {
    case 'reset':
      return isRecord(data.run) ? { type: 'reset', run: runOf(data.run) } : undefined;
    case 'page':
      return isRecord(data.page) ? { type: 'page', page: pageOf(data.page) } : undefined;
    case 'status':
      return isRecord(data.status) ? { type: 'status', status: statusOf(data.status) } : undefined;
    case 'pending': {
      if (data.pending === undefined) return { type: 'pending' };
      const pending = pendingOf(data.pending);
      return pending ? { type: 'pending', pending } : undefined;
    }
    case 'history': {
      if (!Array.isArray(data.runs)) return undefined;
      const runs = data.runs.map(historyEntryOf);
      return runs.every((r) => r !== undefined) ? { type: 'history', runs } : undefined;
    }
    case 'comparison': {
      const comparison = isRecord(data.comparison) ? comparisonOf(data.comparison) : undefined;
      return comparison ? { type: 'comparison', comparison } : undefined;
    }
    case 'pinned':
      return { type: 'pinned' };
    case 'categoryMembers': {
      const m = isRecord(data.members) ? data.members : undefined;
      // A title is at most 255 bytes: a longer one is no category's (clipped, it would name another).
      if (!m || typeof m.category !== 'string' || m.category.length > 255) return undefined;
      const note = typeof m.note === 'string' ? { note: text(m.note) } : {};
      return { type: 'categoryMembers', members: { category: m.category, rows: rowsOf(m.rows), ...note } };
    }
    default:
      return undefined;
  }
}

/** What the host's messages arrive on (the page's `window`). */
export interface MessageSource {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Listens for the host's messages on `source`; each checked one goes to its handler. */
export function routeHostMessages(source: MessageSource, handlers: HostHandlers): void {
  source.addEventListener('message', (event) => {
    const message = readHostMessage(event.data);
    if (!message) return;
    switch (message.type) {
      case 'reset':
        return handlers.reset(message.run);
      case 'page':
        return handlers.page(message.page);
      case 'status':
        return handlers.status(message.status);
      case 'pending':
        return handlers.pending(message.pending);
      case 'history':
        return handlers.history(message.runs);
      case 'comparison':
        return handlers.comparison(message.comparison);
      case 'pinned':
        return handlers.pinned();
      case 'categoryMembers':
        return handlers.categoryMembers(message.members);
    }
  });
}
