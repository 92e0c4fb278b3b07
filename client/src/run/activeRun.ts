// A run as the editor keeps it (its request, session, rows and what the panel
// was sent), and small facts about queries and commands' arguments.

import type * as vscode from 'vscode';
import type { SessionOptions } from '../../../common/src/runner/continuation';
import type { PanelPage, PanelRunInfo, PanelStatus, PanelViewSpec } from '../../../common/src/panelProtocol';
import { isViewSpec } from '../../../common/src/results/viewChoice';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import { MASK } from '../../../common/src/redact';
import { RowStore } from '../../../common/src/runner/merge';
import { toUrl } from '../../../common/src/runner/wire';
import type { PreparedRequest } from '../../../common/src/runner/request';
import { KeptMessages } from '../../../common/src/expect/keptMessages';
import type { Row } from '../../../common/src/row';
import { newRunId } from '../../../common/src/results/runRecord';
import type { QueryHistory } from './queryHistory';
import { imageOriginOf } from './imageOrigin';
import type { WikiTarget } from '../../../common/src/runner/manyWikis';
import type { RunSession } from '../../../common/src/runner/runSession';

/** What an export or "Open in an editor" takes: a part of the answers (default the main list), expanded or not. */
export interface RowChoice {
  expand?: string;
  part?: string;
  /** Only the rows and columns of the panel's view ("this view"); without it, all rows. */
  view?: PanelViewSpec;
}

/** Queries whose last run stays in memory for "Show Results" (older ones are reopened from the history). */
export const MAX_KEPT_RUNS = 5;

export interface Prepared {
  uri: vscode.Uri;
  doc: ParsedDocument;
  query: QueryNode;
  request: PreparedRequest;
  /** The wikis of the query's `@endpoints` line: the request goes to each (wikiTargets.ts). */
  wikis?: WikiTarget[];
  /** The image grid's thumbnail parameters added to the query's own (`name=value`), when asked for. */
  addedParams?: string[];
}

export interface ActiveRun extends Prepared {
  /** The run's id in the query's history (one file, rewritten after each fetch). */
  id: string;
  info: PanelRunInfo;
  /** Every page as sent to the panel, to show the run again ("Show Results", a new panel). */
  panelPages: PanelPage[];
  /** Sum of request durations (ms) of every fetch of the run. */
  requestMs: number;
  session: RunSession;
  /** The API's messages of every page, for the expectations' verdict. */
  messages: { warnings: KeptMessages; errors: KeptMessages };
  store: RowStore;
  /** Every answer of the run (scrubbed), for the parts of the answer (results/parts.ts). */
  answers: unknown[];
  /** The list shown in the table: the first one the answers had. */
  mainList?: string;
  abort?: AbortController;
  lastStatus: PanelStatus;
  /** A run on one wiki: its session's options, for the next queries the tree view asks for (categoryExpansion.ts). */
  sessionOptions?: SessionOptions;
  /** Subcategories the tree view expanded. */
  expansions?: number;
}

/** What the results panel shows: a live run, or a stored run of a query's history. */
export interface Shown {
  label: string;
  history?: QueryHistory;
  rows(): readonly Row[];
  /** The run's id in the history (a stored run's, or the live run's). */
  id?: string;
  /** A live run's status (how far it got), for a comparison. */
  status?(): PanelStatus;
}

/** A RowChoice from a command argument (automation): only short string fields are taken. */
export function rowChoice(value: unknown): RowChoice {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const name = (x: unknown) => (typeof x === 'string' && x.length > 0 && x.length <= 200 ? x : undefined);
  return { expand: name(v.expand), part: name(v.part), ...(isViewSpec(v.view) ? { view: v.view } : {}) };
}

/** A query's name in messages and the history: its `### name`, else `line N`. */
export function queryLabel(query: QueryNode): string {
  return query.name || `line ${query.firstLine + 1}`;
}

/** What the panel's header shows of a run of a prepared query (its endpoint masked when a secret made it). */
export function runInfoOf(prepared: Prepared): PanelRunInfo {
  const imageOrigin = imageOriginOf(prepared.request, !!prepared.wikis);
  return {
    queryName: queryLabel(prepared.query),
    endpoint: prepared.wikis
      ? `${prepared.wikis.length} wikis (@endpoints)`
      : prepared.request.endpointSensitive
        ? MASK
        : prepared.request.endpoint,
    requestUrl: toUrl(prepared.request),
    startedAt: new Date().toISOString(),
    ...(imageOrigin ? { imageOrigin } : {}),
    ...(prepared.addedParams?.length ? { addedParams: prepared.addedParams } : {}),
  };
}

/** A new run of a prepared query, before its first page. */
export function newActiveRun(prepared: Prepared, session: RunSession): ActiveRun {
  return {
    ...prepared,
    id: newRunId(),
    info: runInfoOf(prepared),
    panelPages: [],
    requestMs: 0,
    session,
    store: new RowStore(),
    answers: [],
    messages: { warnings: new KeptMessages(), errors: new KeptMessages() },
    lastStatus: { pages: 0, items: 0, hasMore: true, running: false },
  };
}

/** Keeps `run` as its query's last run; runs kept for "Show Results" hold their rows, so only the latest few queries' runs stay. */
export function keepRun(runs: Map<string, ActiveRun>, key: string, run: ActiveRun): void {
  runs.delete(key);
  runs.set(key, run);
  for (const [k, old] of runs) {
    if (runs.size <= MAX_KEPT_RUNS) break;
    if (old.session.running) continue;
    runs.delete(k);
  }
}

/** A query's identity across runs: its file and its name (or first line when unnamed). */
export function queryKey(uri: vscode.Uri, query: QueryNode): string {
  return `${uri.toString()}#${queryLabel(query)}`;
}
