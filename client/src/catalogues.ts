// Live catalogues: the client fetches a wiki's own modules and namespaces
// (it owns the network, workspace trust and settings), caches them on disk
// per endpoint, and hands them to the language server, which checks every
// document against the catalogue of its endpoint. A status item says which
// catalogue the active file is checked against and refreshes it.

import { hostOf } from '../../common/src/url';
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { loadLiveCatalogue, type SnapshotCache } from '../../common/src/catalogue/loadCatalogue';
import { hostFiles } from './hostFiles';
import { describeSnapshot, type CatalogueSnapshot } from '../../common/src/catalogue/snapshot';
import { documentEndpoint, queryEndpoints } from '../../common/src/catalogue/documentEndpoint';
import { parseDocument } from '../../common/src/parser';
import {
  CatalogueInfoRequest,
  CatalogueSnapshotNotification,
  type CatalogueInfo,
  type CatalogueSnapshotParams,
} from '../../common/src/protocol';
import { isRunnerError } from '../../common/src/runner/errors';
import type { Environments } from './environments';
import { trustGate } from './run/trust';
import type { ContactGate } from './contact';
import { ChosenHosts } from './chosenHosts';
import { notificationType, requestType } from '../../common/src/lspTypes';

/** Catalogues of one file's `@endpoints` wikis loaded by themselves at most (a list may name hundreds of wikis). */
const QUERY_WIKI_CATALOGUES = 20;

export type AutoFetch = 'known' | 'always' | 'never';

export class Catalogues implements vscode.Disposable {
  private readonly cache: SnapshotCache;
  /** Endpoints whose snapshot the server has, with when it was fetched. */
  private readonly sent = new Map<string, string>();
  /** Endpoints being fetched, so concurrent opens share one fetch. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Endpoints whose fetch failed in this session: not retried until a refresh. */
  private readonly failed = new Set<string>();
  /** Hosts asked about in this window (one question per host; "This time" lasts until the window closes). */
  private readonly askedHosts = new Set<string>();
  private readonly status = vscode.window.createStatusBarItem('mwquery.catalogue', vscode.StatusBarAlignment.Left, 19);
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private readonly environments: Environments,
    private readonly log: vscode.LogOutputChannel,
    private readonly contactGate?: ContactGate,
    /** Who chose which host: the gate of requests nobody asked for (chosenHosts.ts). */
    readonly chosen: ChosenHosts = new ChosenHosts(context, environments),
  ) {
    this.cache = hostFiles().catalogueCache(vscode.Uri.joinPath(context.globalStorageUri, 'catalogues'), this.ttlMs());
    this.status.name = 'MediaWiki Query catalogue';
    this.status.command = 'mwquery.refreshCatalogue';
    this.subscriptions.push(
      this.status,
      vscode.workspace.onDidOpenTextDocument((d) => void this.ensureFor(d)),
      vscode.window.onDidChangeActiveTextEditor((e) => void (e ? this.ensureFor(e.document) : this.paint())),
      vscode.workspace.onDidSaveTextDocument((d) => void this.ensureFor(d)),
      environments.onDidChange(() => void this.onEnvironmentChange()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.ensureAll()),
    );
  }

  private ttlMs(): number {
    return Math.max(1, vscode.workspace.getConfiguration('mwquery').get<number>('catalogue.ttlHours', 24)) * 3600_000;
  }

  private autoFetch(): AutoFetch {
    return vscode.workspace.getConfiguration('mwquery').get<AutoFetch>('catalogue.autoFetch', 'known');
  }

  /** Called after a query ran against an endpoint: from now on its host is chosen, and its catalogue fetched by itself. */
  async ranAgainst(...endpoints: string[]): Promise<void> {
    if ((await this.chosen.ranAgainst(endpoints)).length) await this.ensureAll();
  }

  /** Whether the gate lets a catalogue fetch nobody asked for go to `endpoint` (autoFetch `always`: any host). */
  private mayFetch(endpoint: string): boolean {
    return this.chosen.verdict(endpoint, { anyHost: this.autoFetch() === 'always', contactAsked: true }).allowed;
  }

  endpointOf(document: vscode.TextDocument): string | undefined {
    return documentEndpoint(parseDocument(document.getText()), this.environments.defaultEndpoint());
  }

  async ensureAll(): Promise<void> {
    await Promise.all([...vscode.workspace.textDocuments.map((d) => this.ensureFor(d)), this.ensureEnvironments()]);
    await this.paint();
  }

  /**
   * The catalogues of every environment of the workspace (endpoints the user
   * named, so fetched by themselves unless autoFetch is `never`): the server
   * compares a file's wiki with the others (unknown-elsewhere hints).
   */
  private async ensureEnvironments(): Promise<void> {
    if (this.autoFetch() === 'never' || !trustGate('fetchCatalogueAutomatically', vscode.workspace.isTrusted).allowed) return;
    const wanted = new Set(
      this.environments
        .list()
        .map((e) => e.endpoint)
        .filter((e) => this.mayFetch(e)),
    );
    await Promise.all([...wanted].filter((e) => !this.sent.has(e) && !this.failed.has(e)).map((e) => this.load(e, false, true)));
  }

  /** Makes sure the server has the catalogue of a document's endpoint (and of its `@endpoints` wikis), when fetching by itself is allowed. */
  async ensureFor(document: vscode.TextDocument): Promise<void> {
    if (document.languageId !== 'mwquery') return;
    await Promise.all([this.ensureEndpointOf(document), this.ensureQueryWikis(document)]);
  }

  /**
   * The catalogues of the wikis a file's queries name (a URL line, an
   * `@endpoint` below the first) and its `@endpoints` lines list as URLs, so
   * that each query is checked against its own wiki and each of its wikis:
   * those the user named before (a run, an environment), or all with
   * autoFetch `always`; quietly (a failure is logged, never asked about: it
   * touches its query only); never more than QUERY_WIKI_CATALOGUES of them.
   */
  private async ensureQueryWikis(document: vscode.TextDocument): Promise<void> {
    const mode = this.autoFetch();
    if (mode === 'never' || !trustGate('fetchCatalogueAutomatically', vscode.workspace.isTrusted).allowed) return;
    const doc = parseDocument(document.getText());
    const urls = new Set<string>();
    for (const endpoint of queryEndpoints(doc)) if (endpoint !== undefined) urls.add(endpoint);
    for (const def of doc.variables) {
      if (def.endpoints?.kind !== 'urls') continue;
      for (const item of def.endpoints.items) urls.add(item.text);
    }
    if (!urls.size) return;
    const wanted = [...urls].filter((e) => this.mayFetch(e)).slice(0, QUERY_WIKI_CATALOGUES);
    await Promise.all(wanted.filter((e) => !this.sent.has(e) && !this.failed.has(e)).map((e) => this.load(e, false, true)));
  }

  private async ensureEndpointOf(document: vscode.TextDocument): Promise<void> {
    const endpoint = this.endpointOf(document);
    if (!endpoint || this.sent.has(endpoint) || this.failed.has(endpoint)) return this.paint();
    if (!trustGate('fetchCatalogueAutomatically', vscode.workspace.isTrusted).allowed) return this.paint();
    const mode = this.autoFetch();
    if (mode === 'never') return this.paint();
    if (!this.mayFetch(endpoint)) {
      // A wiki the file names itself: ask (once per host) instead of waiting for the first run.
      const literal = documentEndpoint(parseDocument(document.getText())) === endpoint;
      const choice = this.chosen.hostChoice(endpoint);
      if (!literal || choice === 'never') return this.paint();
      if (choice !== 'always') {
        // Only about a file someone is looking at (not one opened in the background, e.g. to find its tests).
        if (vscode.window.visibleTextEditors.some((e) => e.document === document)) this.askAbout(endpoint);
        return this.paint();
      }
    }
    await this.load(endpoint, false);
  }

  /** "Fetch the catalogue of HOST?" Always / This time / Never, without holding up the caller. */
  private askAbout(endpoint: string): void {
    const host = hostOf(endpoint);
    if (this.askedHosts.has(host)) return;
    this.askedHosts.add(host);
    void (async () => {
      const choice = await Promise.resolve(
        vscode.window.showInformationMessage(
          `Fetch the catalogue of ${host}? Completion and checks then follow that wiki's own modules, parameters and namespaces.`,
          'Always',
          'This time',
          'Never',
        ),
      ).catch(() => undefined);
      if (choice === 'Always' || choice === 'Never') await this.chosen.answer(endpoint, choice === 'Always' ? 'always' : 'never');
      if (choice === 'This time') await this.chosen.answer(endpoint, 'this time');
      if (choice === 'Always' || choice === 'This time') {
        if (!this.mayFetch(endpoint)) return;
        await this.load(endpoint, false);
      }
    })();
  }

  /** Fetches (or reads from the cache) and sends the catalogue of an endpoint; `quiet`: a failure is logged only (a fetch nobody asked for by opening a file). */
  private load(endpoint: string, refresh: boolean, quiet = false): Promise<void> {
    const existing = this.inFlight.get(endpoint);
    if (existing) return existing;
    const work = (async () => {
      try {
        const verdict = this.contactGate
          ? await this.contactGate.check(endpoint, { automatic: !refresh })
          : {
              allowed: true as const,
              contact: vscode.workspace.getConfiguration('mwquery').get<string>('contact', '').trim() || undefined,
            };
        if (!verdict.allowed) {
          this.log.info(verdict.message);
          return;
        }
        const contact = verdict.contact;
        const { snapshot, source } = await loadLiveCatalogue(endpoint, {
          cache: this.cache,
          refresh,
          contact,
          timeoutMs: 60_000,
          lang: vscode.env.language,
        });
        this.failed.delete(endpoint);
        await this.send(endpoint, snapshot);
        this.log.info(`Catalogue of ${endpoint}: ${source === 'cache' ? 'from the cache' : 'fetched'} (${describeSnapshot(snapshot)}).`);
      } catch (error) {
        this.failed.add(endpoint);
        // The runner's message already says what failed and where: add only what happens now.
        const message = isRunnerError(error) ? error.message : `Could not fetch the catalogue of ${endpoint}: ${String(error)}`;
        this.log.warn(message);
        if (!quiet) void vscode.window.showWarningMessage(`${message} Checking against the bundled catalogue.`);
      } finally {
        this.inFlight.delete(endpoint);
        await this.paint();
      }
    })();
    this.inFlight.set(endpoint, work);
    return work;
  }

  /** Whether the server has this wiki's own catalogue (the user chose to fetch it). */
  hasLive(endpoint: string): boolean {
    return this.sent.has(endpoint);
  }

  private async send(endpoint: string, snapshot: CatalogueSnapshot | null): Promise<void> {
    const params: CatalogueSnapshotParams = { endpoint, snapshot };
    await this.client.sendNotification(notificationType(CatalogueSnapshotNotification), params);
    if (snapshot) this.sent.set(endpoint, snapshot.fetchedAt);
    else this.sent.delete(endpoint);
  }

  /** The "refresh catalogue" command: fetch the active file's wiki again, whatever the setting. */
  async refresh(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    const endpoint = document && document.languageId === 'mwquery' ? this.endpointOf(document) : undefined;
    if (!endpoint) {
      void vscode.window.showInformationMessage(
        'This file has no endpoint (@endpoint, a URL line, an environment or mwquery.endpoint): it is checked against the bundled catalogue.',
      );
      return;
    }
    const gate = trustGate('fetchCatalogue', vscode.workspace.isTrusted);
    if (!gate.allowed) {
      void vscode.window.showWarningMessage(gate.message);
      return;
    }
    this.failed.delete(endpoint);
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Fetching the catalogue of ${endpoint}` }, () =>
      this.load(endpoint, true),
    );
  }

  private async onEnvironmentChange(): Promise<void> {
    const defaultEndpoint = this.environments.defaultEndpoint();
    await this.client.sendNotification('workspace/didChangeConfiguration', {
      settings: { defaultEndpoint: defaultEndpoint ?? '', environments: this.environments.forServer() },
    });
    await this.ensureAll();
  }

  /** Which catalogue the server checks a document against. */
  async infoFor(document: vscode.TextDocument): Promise<CatalogueInfo | undefined> {
    try {
      return await this.client.sendRequest(requestType(CatalogueInfoRequest), { uri: document.uri.toString() });
    } catch {
      return undefined;
    }
  }

  private async paint(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || document.languageId !== 'mwquery') {
      this.status.hide();
      return;
    }
    const info = await this.infoFor(document);
    if (!info || info.origin === 'bundled') {
      this.status.text = '$(book) bundled catalogue';
      this.status.tooltip = info?.documentEndpoint
        ? `Checked against the bundled catalogue. Click to fetch the catalogue of ${info.documentEndpoint}.`
        : 'Checked against the bundled catalogue (no endpoint). ';
    } else {
      this.status.text = `$(book) ${hostOf(info.endpoint ?? '')} · ${age(info.fetchedAt)}`;
      this.status.tooltip = `Checked against ${info.description}. Click to refresh.`;
    }
    this.status.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

function age(fetchedAt: string | undefined): string {
  const ms = fetchedAt ? Date.now() - Date.parse(fetchedAt) : NaN;
  if (!Number.isFinite(ms)) return 'live';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'just fetched';
  if (minutes < 60) return `${minutes} min old`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h old` : `${Math.round(hours / 24)} days old`;
}
