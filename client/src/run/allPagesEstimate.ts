// What "All pages" of a query will cost, for its lens: asked of the wiki with
// the runner's estimate (common/src/runner/estimate.ts: one lookup request),
// lazily (only for lenses in view, after the text has stood still), cached per
// endpoint and lookup for a few minutes, only in a trusted workspace and with a
// contact where the wiki asks for one. Never asks the person anything: a lens
// that cannot ask says why in a word.

import * as vscode from 'vscode';
import { parseDocument, queryAtLine } from '../../../common/src/parser';
import { VariableScope } from '../../../common/src/resolve';
import { buildRequest, redactorOf, type PreparedRequest } from '../../../common/src/runner/request';
import {
  describeEstimate,
  estimateLookup,
  estimateLabel,
  planEstimate,
  readEstimate,
  type Estimate,
} from '../../../common/src/runner/estimate';
import { sendApiRequest, type HttpOptions } from '../../../common/src/runner/http';
import { isRunnerError, toRunnerError } from '../../../common/src/runner/errors';
import { isWikimediaEndpoint } from '../../../common/src/runner/wikimediaHosts';
import type { CookieJars } from '../../../common/src/runner/cookies';
import type { Accounts } from '../accounts';
import type { Environments } from '../environments';
import { externalLookup, secretsUsedBy } from './secrets';
import { readRunSettings } from './runSettings';

/** How long a wiki's answer about a query's size is reused. */
export const ESTIMATE_TTL_MS = 5 * 60 * 1000;
/** Answers kept (oldest dropped first). */
const MAX_CACHED = 200;
/** Time-out of the lookup: a lens does not wait as long as a run. */
const LOOKUP_TIMEOUT_MS = 10_000;

/** What a lens shows: a short title and the whole sentence as its tooltip. */
export interface EstimateText {
  title: string;
  tooltip: string;
}

interface Cached {
  at: number;
  /** `asked`: false when the wiki could not be asked (not kept: the next look asks again). */
  answer: Promise<{ estimate: Estimate; asked: boolean }>;
}

export class AllPagesEstimates {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly environments: Environments,
    private readonly accounts: Accounts,
    private readonly cookies: CookieJars,
  ) {}

  /** The lens text for the query at `line` of `document`. */
  async describe(document: vscode.TextDocument, line: number): Promise<EstimateText> {
    if (!vscode.workspace.isTrusted) return unknown('not asked in an untrusted workspace');
    const request = await this.quietRequest(document, line);
    if (typeof request === 'string') return unknown(request);
    const settings = readRunSettings(this.environments.defaultEndpoint());
    if (!settings.contact && isWikimediaEndpoint(request.endpoint)) return unknown('not asked: set mwquery.contact first');
    const plan = planEstimate(request);
    const redact = redactorOf(request);
    if (plan.unknown) return textOf(readEstimate(plan, undefined), redact, settings.maxPages);
    const environment = this.environments.current();
    const hasAccount = !!environment?.user && environment.endpoint === request.endpoint;
    // An account's own limits when a run has logged it in already; an estimate never logs in by itself.
    const account = this.accounts.loggedInSession(environment, request.endpoint);
    const lookup = estimateLookup(plan);
    const key = JSON.stringify([request.endpoint, account ? account.user : '', lookup, plan.limit]);
    const now = Date.now();
    let cached = this.cache.get(key);
    if (!cached || now - cached.at > ESTIMATE_TTL_MS) {
      const http: HttpOptions = {
        contact: settings.contact,
        timeoutMs: Math.min(settings.timeoutMs, LOOKUP_TIMEOUT_MS),
        cookies: this.cookies.forEndpoint(request.endpoint),
        busyRetries: 1,
        networkRetries: 1,
        maxBytes: 1024 * 1024,
      };
      const send = account ? account.send : sendApiRequest;
      const entry: Cached = {
        at: now,
        answer: send(request.endpoint, lookup, http).then(
          (answer) => ({ estimate: readEstimate(plan, answer.json), asked: true }),
          (error: unknown) => ({
            estimate: { module: plan.module, unknown: `the wiki could not be asked: ${toRunnerError(error).message}` },
            asked: false,
          }),
        ),
      };
      cached = entry;
      this.cache.delete(key);
      this.cache.set(key, entry);
      while (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
      void entry.answer.then(({ asked }) => {
        if (!asked && this.cache.get(key) === entry) this.cache.delete(key);
      });
    }
    const { estimate } = await cached.answer;
    const text = textOf(estimate, redact, settings.maxPages);
    if (hasAccount && !account && estimate.requests !== undefined)
      text.tooltip += ' Asked anonymously: the account may have higher limits once it is logged in (after its first run).';
    return text;
  }

  /** The query's request, built without asking anything; else why not (a short phrase). */
  private async quietRequest(document: vscode.TextDocument, line: number): Promise<PreparedRequest | string> {
    const doc = parseDocument(document.getText());
    const query = queryAtLine(doc, line);
    if (!query || query.params.length === 0) return 'no query here';
    const scope = new VariableScope(doc);
    const { lookup, missing } = await externalLookup(this.secrets, secretsUsedBy(query, scope));
    if (missing.length) return 'a secret it needs is not set';
    try {
      const safeEnvNames = vscode.workspace.getConfiguration('mwquery').get<string[]>('safeEnvironmentVariables', []);
      return buildRequest(query, scope, { external: lookup, defaultEndpoint: this.environments.defaultEndpoint(), safeEnvNames });
    } catch (error) {
      return isRunnerError(error) ? error.message : 'the query cannot be run';
    }
  }
}

function unknown(why: string): EstimateText {
  return { title: 'All pages: unknown', tooltip: `How much "All pages" will take is unknown: ${why}.` };
}

function textOf(estimate: Estimate, redact: (s: string) => string, maxPages: number): EstimateText {
  let tooltip = describeEstimate(estimate);
  if (estimate.requests !== undefined && estimate.requests > maxPages)
    tooltip += `. "All pages" stops after ${maxPages} requests (mwquery.maxPages) and goes on when asked again.`;
  return { title: redact(estimateLabel(estimate)), tooltip: redact(tooltip) };
}
