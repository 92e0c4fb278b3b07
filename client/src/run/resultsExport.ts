// The rows of a run out of the panel: exported to a file, or opened as an
// untitled JSON / CSV document. Which rows: the main list, or a part of the
// answers (results/parts.ts), expanded by a nested field or not.

import * as vscode from 'vscode';
import { EXPORT_FORMATS, type CellStyle, type ExportFormat } from '../../../common/src/exportFormats';
import { csvLine, exportExtension, unionKeys } from '../../../common/src/output/rowText';
import { hostFiles } from '../hostFiles';
import { isRunnerError } from '../../../common/src/runner/errors';
import { toApiSandboxUrl, toCurl, toUrl } from '../../../common/src/runner/wire';
import { userAgent } from '../../../common/src/runner/http';
import type { PreparedRequest } from '../../../common/src/runner/request';
import type { Row } from '../../../common/src/row';
import { expandRows } from '../../../common/src/results/expand';
import { answerParts, findPart } from '../../../common/src/results/parts';
import { exportedText, viewRows } from '../../../common/src/results/viewChoice';
import { ResultsPanel } from '../resultsPanel';
import { rowChoice, type ActiveRun, type RowChoice } from './activeRun';

/** Characters an "Open as JSON/CSV in an editor" document may have; beyond, export to a file. */
const MAX_EDITOR_CHARS = 50 * 1024 * 1024;

/** The rows an export takes: the main list or a part, expanded or not; undefined (and said) when the part does not exist. */
export function chosenRows(run: ActiveRun, choice: RowChoice = {}): Iterable<Row> | undefined {
  let rows: Iterable<Row> = run.store.rows(run.mainList);
  if (choice.part !== undefined) {
    const part = findPart(answerParts(run.answers), choice.part);
    if (!part) {
      void vscode.window.showWarningMessage(`The answers have no part "${choice.part.slice(0, 80)}".`);
      return undefined;
    }
    rows = part.rows;
  }
  if (choice.view) return viewRows(rows, choice.view).rows;
  return choice.expand !== undefined ? expandRows(rows, choice.expand) : rows;
}

/** Writes the chosen rows of a run to a file (asked for, unless `given`), and says so; `cells`: how table formats write nested values. */
export async function exportRun(
  run: ActiveRun,
  format: ExportFormat,
  log: vscode.LogOutputChannel,
  given?: vscode.Uri,
  choice: RowChoice = {},
  cells: CellStyle = 'readable',
): Promise<void> {
  const rows = chosenRows(run, choice);
  if (!rows) return;
  const base = (run.query.name || 'results').replace(/[^A-Za-z0-9._-]+/g, '-');
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const extension = exportExtension(format);
  const target =
    given ??
    (await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, `${base}.${extension}`) : undefined,
      filters: { [format === 'wikitable' ? 'Wikitext' : format.toUpperCase()]: [extension] },
    }));
  if (!target) return;
  try {
    const count = await hostFiles().exportRows(target, format, rows, cells);
    const written = { rows: count, columns: choice.view?.columns.length };
    // JSON and NDJSON keep values as they are: only a table format's cells are said.
    const how = cells === 'json' && format !== 'json' && format !== 'ndjson' ? ' Nested cells as JSON.' : '';
    log.info(`${exportedText(written, choice, target.scheme === 'file' ? target.fsPath : target.toString())}${how} (${format})`);
    // Automation (a given target) is not interrupted by a notification that waits for a click.
    const notice = vscode.window.showInformationMessage(
      `${exportedText(written, choice, vscode.workspace.asRelativePath(target))}${how}`,
      'Open',
    );
    if (!given) void notice.then((choice) => (choice === 'Open' ? vscode.window.showTextDocument(target, { preview: false }) : undefined));
  } catch (error) {
    void vscode.window.showErrorMessage(`Export failed: ${isRunnerError(error) ? error.message : String(error)}`);
  }
}

/**
 * The command `mwquery.openResultsInEditor(format?, choice?)`: the current
 * run's rows as an untitled JSON or CSV document (no file written).
 * Returns the document (for tests).
 */
export async function openRowsInEditor(run: ActiveRun, format?: unknown, choice?: unknown): Promise<vscode.TextDocument | undefined> {
  const picked =
    format === 'json' || format === 'csv'
      ? format
      : await vscode.window.showQuickPick(['json', 'csv'], { placeHolder: 'Open the results as' });
  if (picked !== 'json' && picked !== 'csv') return undefined;
  const rows = chosenRows(run, rowChoice(choice));
  if (!rows) return undefined;
  const list = [...rows];
  let text = '';
  try {
    text = picked === 'json' ? JSON.stringify(list, null, 2) : csvText(list);
  } catch (error) {
    void vscode.window.showErrorMessage(`Cannot show the results: ${isRunnerError(error) ? error.message : String(error)}`);
    return undefined;
  }
  if (text.length > MAX_EDITOR_CHARS) {
    void vscode.window.showWarningMessage(
      `The results are too large for an editor (${Math.round(text.length / 1048576)} MiB); export them to a file instead.`,
    );
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument({ language: picked === 'json' ? 'json' : 'csv', content: text });
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** Rows as CSV text (the export's quoting and formula neutralisation). */
function csvText(rows: readonly Row[]): string {
  const columns = unionKeys(rows);
  let text = columns.length ? csvLine(columns) : '';
  for (const row of rows) text += csvLine(columns.map((c) => (Object.hasOwn(row, c) ? row[c] : undefined)));
  return text;
}

/**
 * The command `mwquery.exportResults(format?, target?, choice?)`: the rows of
 * the shown run, as the panel's Export buttons do; with a `target` file URI
 * (automation, tests) without the save dialog. `choice`: `'view'` for what
 * the panel's table shows now, else `{ part, expand, view, cells }` (`cells:
 * 'json'`: nested values in table cells as JSON); none: all rows.
 */
export async function exportResultsCommand(
  run: ActiveRun | undefined,
  log: vscode.LogOutputChannel,
  format?: unknown,
  target?: unknown,
  choice?: unknown,
): Promise<void> {
  if (!run) {
    void vscode.window.showWarningMessage('Run a query first: there are no results to export.');
    return;
  }
  const chosen =
    typeof format === 'string' && (EXPORT_FORMATS as readonly string[]).includes(format) ? (format as ExportFormat) : undefined;
  const picked = chosen ?? (await vscode.window.showQuickPick([...EXPORT_FORMATS], { placeHolder: 'Export format' }));
  if (!picked) return;
  // 'view': what the panel's table shows now (its part, filter, sort, expansion, shown columns).
  const shown = choice === 'view' ? ResultsPanel.currentPanel?.shownView : undefined;
  if (choice === 'view' && !shown) {
    void vscode.window.showWarningMessage('The results panel shows no view to export; export all rows instead.');
    return;
  }
  return exportRun(
    run,
    picked as ExportFormat,
    log,
    target instanceof vscode.Uri && (target.scheme === 'file' || hostFiles().kind === 'browser') ? target : undefined,
    shown ?? rowChoice(choice),
    cellsOf(choice),
  );
}

/** `{ cells: 'json' }` in a command's choice: nested values in table cells as JSON (the panel's Cells choice). */
function cellsOf(choice: unknown): CellStyle {
  return typeof choice === 'object' && choice !== null && (choice as { cells?: unknown }).cells === 'json' ? 'json' : 'readable';
}

/** Copies the request as a URL or a cURL command (secrets masked), and says so. */
export async function copyRequest(what: 'url' | 'curl' | 'sandbox', request: PreparedRequest, contact: string | undefined): Promise<void> {
  if (what === 'sandbox') {
    // The reverse of a pasted ApiSandbox link: the wiki's ApiSandbox with the query's parameters after `#`.
    await vscode.env.clipboard.writeText(toApiSandboxUrl(request));
    void vscode.window.showInformationMessage('ApiSandbox link copied (secrets masked).');
    return;
  }
  await vscode.env.clipboard.writeText(what === 'url' ? toUrl(request) : toCurl(request, { userAgent: userAgent({ contact }) }));
  void vscode.window.showInformationMessage(
    what === 'url' ? 'Request URL copied (secrets masked).' : 'cURL command copied (secrets masked).',
  );
}
