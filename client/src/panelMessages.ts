// What the results panel's page may send the extension, checked: the page
// runs next to wiki content, so nothing it sends is assumed. The panel host
// (resultsPanel.ts) drops anything else; its own requests (open or copy a
// text, save a chart, the view shown) it answers itself (panelActions.ts),
// the others it hands on as PanelRequest (the command handlers route them).

import type { PanelToHost } from '../../common/src/panelProtocol';
import { CELL_STYLES, EXPORT_FORMATS } from '../../common/src/exportFormats';
import { isViewSpec } from '../../common/src/results/viewChoice';

/** What the page asks the run's side to do (the panel host itself answers 'ready', 'openText', 'copyText', 'saveChart' and 'viewChanged'). */
export type PanelRequest = Exclude<
  PanelToHost,
  { type: 'ready' } | { type: 'openText' } | { type: 'copyText' } | { type: 'saveChart' } | { type: 'viewChanged' }
>;

const EXPORT_FORMAT_NAMES: ReadonlySet<string> = new Set(EXPORT_FORMATS);
const COPY_WHATS: ReadonlySet<string> = new Set(['url', 'curl']);
const TEXT_LANGUAGES: ReadonlySet<string> = new Set(['plaintext', 'json']);
/** Characters the page may send to open or copy (its rows are already in this process: a guard against a runaway page). */
const TEXT_MAX = 50_000_000;

/** Checks a message from the page; the page runs next to wiki content, so nothing is assumed. */
export function isPanelToHost(value: unknown): value is PanelToHost {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
    case 'next':
    case 'all':
    case 'cancel':
    case 'history':
    case 'pin':
      return true;
    case 'openRun':
    case 'compareRun':
      return typeof message.id === 'string' && /^[0-9A-Za-z-]{1,64}$/.test(message.id);
    case 'openInEditor':
      return (message.format === 'json' || message.format === 'csv') && optionalName(message.expand) && optionalName(message.part);
    case 'export':
      return (
        typeof message.format === 'string' &&
        EXPORT_FORMAT_NAMES.has(message.format) &&
        optionalName(message.expand) &&
        optionalName(message.part) &&
        (message.view === undefined || isViewSpec(message.view)) &&
        (message.cells === undefined || (CELL_STYLES as readonly unknown[]).includes(message.cells))
      );
    case 'copy':
      return typeof message.what === 'string' && COPY_WHATS.has(message.what);
    case 'thumbnails':
      return typeof message.ask === 'boolean';
    case 'openText':
      return (
        typeof message.title === 'string' &&
        typeof message.text === 'string' &&
        message.text.length <= TEXT_MAX &&
        typeof message.language === 'string' &&
        TEXT_LANGUAGES.has(message.language)
      );
    case 'copyText':
      return typeof message.text === 'string' && message.text.length <= TEXT_MAX && typeof message.what === 'string';
    case 'saveChart':
      return (
        (message.format === 'svg' || message.format === 'png') &&
        typeof message.data === 'string' &&
        message.data.length <= TEXT_MAX &&
        typeof message.name === 'string' &&
        message.name.length <= 200
      );
    case 'viewChanged':
      return optionalName(message.part) && isViewSpec(message.view);
    case 'expandCategory':
      return typeof message.category === 'string' && message.category.length > 0 && message.category.length <= 255;
    default:
      return false;
  }
}

/** An optional field or part name from the page: short text. */
function optionalName(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.length > 0 && value.length <= 200);
}
