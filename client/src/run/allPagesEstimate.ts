// What "All pages" of a query will cost, for its lens: asked of the wiki with
// the runner's estimate (common/src/runner/estimate.ts: one lookup request),
// lazily (only for lenses in view, after the text has stood still), cached per
// endpoint and lookup for a few minutes. Nobody asked for that lookup, so it
// goes through the gate (chosenHosts.ts, common/src/gate/unaskedGate.ts):
// only to a host the person chose, never with a `$secret` or `$env` value (the
// lens reads none: the request is built with stand-ins), only in a trusted
// workspace and with a contact where the wiki asks for one. Never asks the
// person anything: a lens that cannot ask says why in a word.

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
import type { CookieJars } from '../../../common/src/runner/cookies';
import type { Accounts } from '../accounts';
import type { Environments } from '../environments';
import type { ChosenHosts } from '../chosenHosts';
import { StandIns } from '../../../common/src/gate/unaskedGate';
import { settleEndpoint } from '../../../common/src/runner/scriptPath';
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
    private readonly chosen: ChosenHosts,
    private readonly environments: Environments,
    private readonly accounts: Accounts,
    private readonly cookies: CookieJars,
  ) {}

  /** The lens text for the query at `line` of `document`. */
  async describe(document: vscode.TextDocument, line: number): Promise<EstimateText> {
    if (!vscode.workspace.isTrusted) return unknown('not asked in an untrusted workspace');
    const standIns = new StandIns();
    const built = this.quietRequest(document, line, standIns);
    if (typeof built === 'string') return unknown(built);
    const settings = readRunSettings(this.environments.defaultEndpoint());
    const plan = planEstimate(built);
    const redact = redactorOf(built);
    if (plan.unknown) return textOf(readEstimate(plan, undefined), redact, settings.maxPages);
    const lookup = estimateLookup(plan);
    const verdict = this.chosen.verdict(built.endpoint, {
      carries: standIns.carried(
        built.endpoint,
        lookup.map(([, v]) => v),
      ),
      contact: settings.contact,
    });
    if (!verdict.allowed) return unknown(`not asked: ${verdict.word}`, verdict.word);
    let request = built;
    try {
      // An ApiSandbox link naming no script path: its page names the api.php (same host, the gate's answer holds).
      request = await settleEndpoint(built, { contact: settings.contact, timeoutMs: LOOKUP_TIMEOUT_MS });
    } catch (error) {
      return unknown(`the wiki could not be asked: ${toRunnerError(error).message}`);
    }
    const environment = this.environments.current();
    const hasAccount = !!environment?.user && environment.endpoint === request.endpoint;
    // An account's own limits when a run has logged it in already; an estimate never logs in by itself.
    const account = this.accounts.loggedInSession(environment, request.endpoint);
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

  /** The query's request, built without asking anything and with stand-ins for its `$secret`/`$env` values; else why not (a short phrase). */
  private quietRequest(document: vscode.TextDocument, line: number, standIns: StandIns): PreparedRequest | string {
    const doc = parseDocument(document.getText());
    const query = queryAtLine(doc, line);
    if (!query || query.params.length === 0) return 'no query here';
    const scope = new VariableScope(doc);
    try {
      return buildRequest(query, scope, { external: standIns.lookup, defaultEndpoint: this.environments.defaultEndpoint() });
    } catch (error) {
      return isRunnerError(error) ? error.message : 'the query cannot be run';
    }
  }
}

/** An estimate the lens cannot give; `word`, when given, is said in the title too ("All pages: not asked: it uses a secret"). */
function unknown(why: string, word?: string): EstimateText {
  return {
    title: word ? `All pages: not asked: ${word}` : 'All pages: unknown',
    tooltip: `How much "All pages" will take is unknown: ${why}.`,
  };
}

function textOf(estimate: Estimate, redact: (s: string) => string, maxPages: number): EstimateText {
  let tooltip = describeEstimate(estimate);
  if (estimate.requests !== undefined && estimate.requests > maxPages)
    tooltip += `. "All pages" stops after ${maxPages} requests (mwquery.maxPages) and goes on when asked again.`;
  return { title: redact(estimateLabel(estimate)), tooltip: redact(tooltip) };
}
