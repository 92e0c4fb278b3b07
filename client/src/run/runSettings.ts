// The settings of a run (mwquery.*), read when a run starts.

import * as vscode from 'vscode';
import { hostFiles } from '../hostFiles';
import type { QueryHistory } from './queryHistory';

/** The settings a run reads, each bounded; `defaultEndpoint`: the selected environment's or mwquery.endpoint. */
export function readRunSettings(defaultEndpoint: string | undefined) {
  const c = vscode.workspace.getConfiguration('mwquery');
  return {
    endpoint: defaultEndpoint,
    maxPages: c.get<number>('maxPages', 100),
    maxItems: c.get<number>('maxItems', 100_000),
    // Every run only reads: `mwquery.maxlagForReads` ("off" sends none), else `mwquery.maxlag`.
    // A string in the settings UI ("5", "off"); a number written by earlier versions still counts.
    maxlag: ((v) =>
      v === 'off'
        ? null
        : typeof v === 'number' && v >= 0
          ? v
          : typeof v === 'string' && /^\d{1,6}$/.test(v)
            ? Number(v)
            : c.get<number>('maxlag', 5))(c.get<unknown>('maxlagForReads')),
    contact: c.get<string>('contact', '').trim() || undefined,
    timeoutMs: Math.max(1, c.get<number>('timeoutSeconds', 30)) * 1000,
    maxBytes: Math.max(1, c.get<number>('maxResultMegabytes', 256)) * 1024 * 1024,
    history: c.get<boolean>('history.enabled', true),
    historyMaxRuns: Math.max(1, Math.min(1000, c.get<number>('history.maxRuns', 20))),
    historyMaxBytes: Math.max(1, Math.min(1024, c.get<number>('history.maxRunMegabytes', 8))) * 1024 * 1024,
  };
}

/** A query's run history, where the host keeps one (hostFiles.ts), when the history is on. */
export function historyFor(uri: vscode.Uri, label: string, settings: ReturnType<typeof readRunSettings>): QueryHistory | undefined {
  if (!settings.history) return undefined;
  return hostFiles().historyFor(uri, label, { maxRuns: settings.historyMaxRuns, maxRunBytes: settings.historyMaxBytes });
}
