// Saves the panel's UI state (model/uiState.ts) with VS Code's
// getState/setState, at once or batched (scrolling). The state object is
// read once from the saved one and then kept here; the panel model and the
// views change it in place and ask for a save.

import type { PanelToHost } from '../../common/src/panelProtocol';
import { readPanelState, snapshotOf, type PanelState } from './model/uiState';

export interface WebviewApi {
  postMessage(message: PanelToHost): void;
  getState(): unknown;
  setState(state: PanelState): void;
}

export class PanelStateStore {
  readonly state: PanelState;
  private timer: number | undefined;

  constructor(private readonly api: WebviewApi) {
    this.state = readPanelState(api.getState());
  }

  save(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.api.setState(snapshotOf(this.state));
  }

  saveSoon(): void {
    if (this.timer !== undefined) return;
    this.timer = window.setTimeout(() => this.save(), 150);
  }
}
