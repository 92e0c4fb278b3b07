// The workspace-trust rule (trust.ts, pure) asked of this workspace: whether
// an action may go on here, said to the person when the rule says to.

import * as vscode from 'vscode';
import { trustGate, type GatedAction } from './trust';

/** Whether the workspace allows `action` (a warning, and a log line, when not). */
export function trustedHere(log: vscode.LogOutputChannel, action: GatedAction = 'run'): boolean {
  const gate = trustGate(action, vscode.workspace.isTrusted);
  if (gate.allowed) return true;
  if (gate.tell) void vscode.window.showWarningMessage(gate.message);
  log.info(gate.message);
  return false;
}
