// The Test Explorer's view of `@expect` lines: a file → its queries that
// have expectations → one test per `@expect` line. Running a query runs it to
// the end (as `mwq test`) and marks each expectation passed or failed; a
// failure's message points at its `@expect` line. Nothing runs in an
// untrusted workspace (the run reports why).

import type { ContactGate } from '../contact';
import * as vscode from 'vscode';
import { checkExpectations, type ExpectationResult } from '../../../common/src/expect/check';
import { DEFAULT_TEST_MAX_PAGES, runForExpectations } from '../../../common/src/expect/runForExpectations';
import { parseDocument } from '../../../common/src/parser';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import { VariableScope } from '../../../common/src/resolve';
import { isRunnerError } from '../../../common/src/runner/errors';
import { buildRequest } from '../../../common/src/runner/request';
import { ChainedSession, chainRequests, isChained } from '../../../common/src/runner/chainedSession';
import { admitSecrets, externalLookup, secretsUsedBy } from '../run/secrets';
import { UNTRUSTED_RUN_MESSAGE } from '../run/trust';
import { pushAll } from '../../../common/src/arrays';

/** What the last run said of one expectation (for the `mwquery.expectationTestState` command, automation only). */
export interface ExpectationOutcome {
  state: 'passed' | 'failed' | 'errored' | 'skipped';
  message?: string;
  /** The line the failure points at (0-based). */
  line?: number;
}

export interface TestTreeNode {
  id: string;
  label: string;
  line?: number;
  children: TestTreeNode[];
}

interface QueryPlace {
  uri: vscode.Uri;
  /** The query's first line when the tree was built (the query is found again by it). */
  firstLine: number;
}

export class ExpectationTests implements vscode.Disposable {
  readonly controller: vscode.TestController;
  private readonly places = new WeakMap<vscode.TestItem, QueryPlace>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly outcomes = new Map<string, ExpectationOutcome>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly defaultEndpoint: () => string | undefined,
    private readonly contact?: ContactGate,
  ) {
    this.controller = vscode.tests.createTestController('mwquery.expectations', 'MediaWiki Query expectations');
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discoverWorkspace();
    };
    this.controller.refreshHandler = () => this.discoverWorkspace();
    this.controller.createRunProfile('Run expectations', vscode.TestRunProfileKind.Run, (request, token) => this.run(request, token), true);
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.mwq');
    watcher.onDidCreate((uri) => void this.updateFromDisk(uri));
    watcher.onDidChange((uri) => void this.updateFromDisk(uri));
    watcher.onDidDelete((uri) => this.controller.items.delete(uri.toString()));
    this.disposables.push(
      this.controller,
      watcher,
      vscode.workspace.onDidOpenTextDocument((d) => this.updateFromDocument(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.updateFromDocument(e.document)),
    );
    for (const d of vscode.workspace.textDocuments) this.updateFromDocument(d);
  }

  /** The items as the Test Explorer lists them, and the last outcome of each expectation. */
  state(): { items: TestTreeNode[]; outcomes: Record<string, ExpectationOutcome> } {
    const node = (item: vscode.TestItem): TestTreeNode => {
      const children: TestTreeNode[] = [];
      item.children.forEach((c) => void children.push(node(c)));
      return { id: item.id, label: item.label, line: item.range?.start.line, children };
    };
    const items: TestTreeNode[] = [];
    this.controller.items.forEach((i) => void items.push(node(i)));
    return { items, outcomes: Object.fromEntries(this.outcomes) };
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  private async discoverWorkspace(): Promise<void> {
    const files = await vscode.workspace.findFiles('**/*.mwq', '**/node_modules/**', 2000);
    await Promise.all(files.map((uri) => this.updateFromDisk(uri)));
  }

  private async updateFromDisk(uri: vscode.Uri): Promise<void> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) return this.updateFromDocument(open);
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      this.update(uri, parseDocument(new TextDecoder().decode(bytes)));
    } catch {
      this.controller.items.delete(uri.toString());
    }
  }

  private updateFromDocument(document: vscode.TextDocument): void {
    if (document.languageId !== 'mwquery' && !document.uri.path.endsWith('.mwq')) return;
    if (document.uri.scheme !== 'file' && document.uri.scheme !== 'untitled' && document.uri.scheme !== 'vscode-remote') return;
    this.update(document.uri, parseDocument(document.getText()));
  }

  /** Rebuilds a file's items from its parse; a file without expectations has none. */
  private update(uri: vscode.Uri, doc: ParsedDocument): void {
    const queries = doc.queries.filter((q) => q.expects.length > 0);
    const id = uri.toString();
    if (queries.length === 0) {
      this.controller.items.delete(id);
      return;
    }
    let file = this.controller.items.get(id);
    if (!file) {
      file = this.controller.createTestItem(id, vscode.workspace.asRelativePath(uri), uri);
      this.controller.items.add(file);
    }
    file.children.replace(
      queries.map((query) => {
        const name = query.name || `query on line ${query.firstLine + 1}`;
        const item = this.controller.createTestItem(`${id}#${query.index}:${name}`, name, uri);
        item.range = new vscode.Range(query.firstLine, 0, query.firstLine, 0);
        this.places.set(item, { uri, firstLine: query.firstLine });
        item.children.replace(
          query.expects.map((e) => {
            const child = this.controller.createTestItem(`${item.id}@${e.line}`, `@expect ${e.text}`, uri);
            child.range = new vscode.Range(e.line, 0, e.line, Number.MAX_SAFE_INTEGER);
            return child;
          }),
        );
        return item;
      }),
    );
  }

  /** The query items a run request covers (a file: all its queries; an expectation: its query). */
  private queriesOf(request: vscode.TestRunRequest): vscode.TestItem[] {
    const roots: vscode.TestItem[] = [];
    if (request.include) pushAll(roots, request.include);
    else this.controller.items.forEach((item) => void roots.push(item));
    const queries = new Set<vscode.TestItem>();
    for (const item of roots) {
      if (this.places.has(item)) queries.add(item);
      else if (item.parent && this.places.has(item.parent)) queries.add(item.parent);
      else item.children.forEach((child) => void queries.add(child));
    }
    const excluded = new Set(request.exclude ?? []);
    return [...queries].filter((q) => !excluded.has(q));
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request);
    const abort = new AbortController();
    const cancel = token.onCancellationRequested(() => abort.abort());
    try {
      for (const queryItem of this.queriesOf(request)) {
        if (token.isCancellationRequested) break;
        const wanted = request.include?.filter((i) => i.parent === queryItem);
        const tests: vscode.TestItem[] = [];
        queryItem.children.forEach((child) => {
          if ((!wanted || wanted.length === 0 || wanted.includes(child)) && !request.exclude?.includes(child)) tests.push(child);
        });
        for (const t of tests) run.started(t);
        await this.runQuery(queryItem, tests, run, abort.signal);
      }
    } finally {
      cancel.dispose();
      run.end();
    }
  }

  private async runQuery(queryItem: vscode.TestItem, tests: vscode.TestItem[], run: vscode.TestRun, signal: AbortSignal): Promise<void> {
    const place = this.places.get(queryItem)!;
    const errored = (message: string) => {
      for (const t of tests) {
        run.errored(t, new vscode.TestMessage(message));
        this.outcomes.set(t.id, { state: 'errored', message });
      }
    };
    if (!vscode.workspace.isTrusted) return errored(UNTRUSTED_RUN_MESSAGE);
    const document = await vscode.workspace.openTextDocument(place.uri);
    const doc = parseDocument(document.getText());
    const query: QueryNode | undefined = doc.queries.find((q) => q.firstLine === place.firstLine && q.expects.length > 0);
    if (!query) return errored('The query moved or changed; refresh the tests.');
    const scope = new VariableScope(doc);
    const { lookup, missing } = await externalLookup(this.secrets, secretsUsedBy(query, scope));
    if (missing.length) return errored(`The secret "${missing[0]}" is not set; the query needs it (MediaWiki Query: Set Secret).`);
    const c = vscode.workspace.getConfiguration('mwquery');
    let results: ExpectationResult[];
    let ms = 0;
    try {
      const built = buildRequest(query, scope, { external: lookup, defaultEndpoint: this.defaultEndpoint() });
      // A secret goes only to the hosts it was set for: asked first for another (secrets.ts).
      const chain = { doc, scope, build: { external: lookup, defaultEndpoint: this.defaultEndpoint() }, session: {} };
      const admitted = await admitSecrets(this.secrets, isChained(query) ? chainRequests(query, chain) : [built], undefined, {
        ask: false,
      });
      if (!admitted.admitted) return errored(admitted.message);
      const verdict = this.contact
        ? await this.contact.check(built.endpoint, { ask: false })
        : { allowed: true as const, contact: c.get<string>('contact', '').trim() || undefined };
      if (!verdict.allowed) return errored(verdict.message);
      const sessionOptions = {
        maxlag: c.get<number>('maxlag', 5),
        http: { contact: verdict.contact, timeoutMs: Math.max(1, c.get<number>('timeoutSeconds', 30)) * 1000 },
      };
      const runnable = isChained(query)
        ? new ChainedSession(query, {
            doc,
            scope,
            build: { external: lookup, defaultEndpoint: this.defaultEndpoint() },
            session: sessionOptions,
          })
        : built;
      const outcome = await runForExpectations(runnable, {
        signal,
        maxPages: c.get<number>('maxPages', DEFAULT_TEST_MAX_PAGES),
        ...sessionOptions,
      });
      ms = outcome.seconds * 1000;
      results = checkExpectations(query.expects, outcome);
    } catch (error) {
      return errored(isRunnerError(error) ? error.message : String(error));
    }
    for (const t of tests) {
      const line = t.range?.start.line;
      const result = results.find((r) => r.line === line);
      if (!result) {
        run.skipped(t);
        this.outcomes.set(t.id, { state: 'skipped' });
      } else if (result.passed) {
        run.passed(t, ms);
        this.outcomes.set(t.id, { state: 'passed', message: result.message });
      } else {
        // Errored: the run could not judge it (failed, stopped early, refused); not a green, not a plain failure.
        const state = result.errored ? 'errored' : 'failed';
        this.outcomes.set(t.id, { state, message: result.message, line: result.line });
        const message = new vscode.TestMessage(`@expect ${result.text}: ${result.message}`);
        message.location = new vscode.Location(place.uri, new vscode.Range(result.line, 0, result.line, Number.MAX_SAFE_INTEGER));
        if (result.errored) run.errored(t, message, ms);
        else run.failed(t, message, ms);
      }
    }
  }
}
