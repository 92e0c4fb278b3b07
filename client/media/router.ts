// Messages from the host to the page: checked (the page runs next to wiki
// content; nothing is assumed about what arrives) and handed to one handler
// per type.

import { isRecord } from '../../common/src/json';
import type {
  HostToPanel,
  PanelComparison,
  PanelHistoryEntry,
  PanelPage,
  PanelPending,
  PanelRunInfo,
  PanelStatus,
} from '../../common/src/panelProtocol';

export interface HostHandlers {
  reset(run: PanelRunInfo): void;
  page(page: PanelPage): void;
  status(status: PanelStatus): void;
  pending(pending: PanelPending | undefined): void;
  history(runs: PanelHistoryEntry[]): void;
  comparison(comparison: PanelComparison): void;
  pinned(): void;
}

export function isHostMessage(data: unknown): data is HostToPanel {
  if (!isRecord(data)) return false;
  switch (data.type) {
    case 'reset':
      return isRecord(data.run);
    case 'page':
      return isRecord(data.page);
    case 'status':
      return isRecord(data.status);
    case 'pending':
      return (
        data.pending === undefined ||
        (isRecord(data.pending) && Array.isArray(data.pending.rows) && Array.isArray(data.pending.stillComing))
      );
    case 'history':
      return Array.isArray(data.runs) && data.runs.every((r) => isRecord(r) && typeof r.id === 'string' && typeof r.startedAt === 'string');
    case 'comparison':
      return (
        isRecord(data.comparison) &&
        isRecord(data.comparison.before) &&
        ['added', 'removed', 'changed'].every((k) => Array.isArray((data.comparison as Record<string, unknown>)[k]))
      );
    case 'pinned':
      return true;
    default:
      return false;
  }
}

/** Listens for the host's messages on `window`. */
export function routeHostMessages(handlers: HostHandlers): void {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isHostMessage(message)) return;
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
    }
  });
}
