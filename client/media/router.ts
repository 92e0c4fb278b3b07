// Messages from the host to the page: checked (the page runs next to wiki
// content; nothing is assumed about what arrives) and handed to one handler
// per type.

import { isRecord } from '../../common/src/results/cells';
import type { HostToPanel, PanelPage, PanelRunInfo, PanelStatus } from '../../common/src/panelProtocol';

export interface HostHandlers {
  reset(run: PanelRunInfo): void;
  page(page: PanelPage): void;
  status(status: PanelStatus): void;
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
    }
  });
}
