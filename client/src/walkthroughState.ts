// The walkthrough ticks a step on its completion events; a person who set a
// contact or an environment, or ran a query, before opening it should not
// see those steps unticked. These context keys say what already holds, at
// activation and whenever it changes (package.json: `onContext:` events).

import * as vscode from 'vscode';
import type { Environments } from './environments';

export const CONTACT_SET = 'mwquery.contactSet';
export const HAS_ENVIRONMENT = 'mwquery.hasEnvironment';
export const HAS_RUN = 'mwquery.hasRunQuery';
/**
 * Part of each step's `onContext:` expression. VS Code (1.100) builds the
 * walkthrough's list on first use; a step whose expression already holds then
 * is never ticked (only a later change ticks it). So this key is false while
 * the walkthrough is being opened and turns true just after.
 */
export const READY = 'mwquery.walkthroughReady';
/** Remembered across windows: a query of this user has been run (a page came back). */
const RAN_KEY = 'mwquery.walkthrough.ranQuery';

export function trackWalkthroughState(
  context: vscode.ExtensionContext,
  environments: Environments,
  contact: () => string | undefined,
): vscode.Disposable {
  const set = (key: string, value: boolean) => void vscode.commands.executeCommand('setContext', key, value);
  const update = () => {
    set(CONTACT_SET, contact() !== undefined);
    set(HAS_ENVIRONMENT, environments.list().length > 0 || environments.defaultEndpoint() !== undefined);
  };
  update();
  set(READY, true);
  set(HAS_RUN, context.globalState.get<boolean>(RAN_KEY) === true);
  return vscode.Disposable.from(
    environments.onDidChange(update),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('mwquery')) update();
    }),
  );
}

/** A query ran and got an answer: the "Run it" step holds from now on. */
export async function noteQueryRan(context: vscode.ExtensionContext): Promise<void> {
  if (context.globalState.get<boolean>(RAN_KEY) !== true) await context.globalState.update(RAN_KEY, true);
  await vscode.commands.executeCommand('setContext', HAS_RUN, true);
}

/** Opens the walkthrough so that the steps already done show ticked (see READY). */
export async function openWalkthrough(): Promise<void> {
  await vscode.commands.executeCommand('setContext', READY, false);
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', 'mwquery.mwquery#mwquery.gettingStarted', false);
  setTimeout(() => void vscode.commands.executeCommand('setContext', READY, true), READY_DELAY_MS);
}

/** Long enough for VS Code to register the walkthrough's steps after opening it. */
const READY_DELAY_MS = 1000;
