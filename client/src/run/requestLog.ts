// The output channel's line for one request of a run.

import type { PanelRunInfo } from '../../../common/src/panelProtocol';
import type { PageResult } from '../../../common/src/runner/sessionTypes';
import { count } from '../../../common/src/text';

/** One request of a run for the output channel: masked URL, status, time, attempts, continuation, rows, messages. */
export function requestLogLine(run: { info: PanelRunInfo }, page: PageResult): string {
  const parts = [
    `"${run.info.queryName}" page ${page.index}: ${page.request.method} ${page.request.url}`,
    `HTTP ${page.status}`,
    `${Math.round(page.ms)} ms`,
    `${page.bytes} bytes`,
  ];
  if (page.attempts > 1) parts.push(`${page.attempts} attempts (${page.attempts - 1} retr${page.attempts === 2 ? 'y' : 'ies'})`);
  if (page.request.continueParams) parts.push(`sent continue ${shortJson(page.request.continueParams)}`);
  parts.push(page.continue ? `continue ${shortJson(page.continue)}` : 'no continue (last page)');
  parts.push(`${page.items} rows`);
  if (page.incomplete)
    parts.push(`${page.incomplete.pages} pages waiting for ${page.incomplete.stillComing.join(', ') || 'more properties'}`);
  if (page.warnings.length)
    parts.push(
      `${count(page.warnings.length, 'warning')} (${page.warnings
        .map((w) => w.code)
        .slice(0, 5)
        .join(', ')})`,
    );
  if (page.errors.length)
    parts.push(
      `${count(page.errors.length, 'error')} (${page.errors
        .map((e) => e.code)
        .slice(0, 5)
        .join(', ')})`,
    );
  return parts.join(' · ');
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
