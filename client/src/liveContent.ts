// The client's half of the content checks (docs/live-content.md, "In the
// editor"): the language server asks about the pages, revisions and users a
// file names (ContentFactsRequest) and for values to complete
// (LiveValuesRequest); the client asks the wiki, anonymously, or says no
// (null): with `mwquery.contentChecks` off, for a wiki whose own catalogue
// has not been fetched, or where the gate of requests nobody asked for says
// no (chosenHosts.ts: an untrusted workspace, a host the person has not
// chosen, a Wikimedia wiki without a contact). Every
// lookup is one line in the log, with its number of requests.

import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { fetchContentAnswers } from '../../common/src/content/fetchContent';
import { fetchLiveValues } from '../../common/src/content/fetchLiveValues';
import type { ContentAnswers, ContentQuestions, LiveValuesAnswer } from '../../common/src/content/contentTypes';
import { ContentFactsRequest, ContentSettingsNotification, LiveValuesRequest } from '../../common/src/protocol';
import { sendApiRequest } from '../../common/src/runner/http';
import type { ApiSender } from '../../common/src/runner/login';
import { hostOf } from '../../common/src/url';
import { count } from '../../common/src/text';
import type { Catalogues } from './catalogues';
import type { ContactGate } from './contact';
import { notificationType, requestType } from '../../common/src/lspTypes';

const TIMEOUT_MS = 15_000;

export function registerLiveContent(
  client: LanguageClient,
  catalogues: Catalogues,
  contact: ContactGate,
  log: vscode.LogOutputChannel,
): vscode.Disposable {
  /** The contact for the User-Agent when the wiki may be asked; undefined when it may not. */
  const permission = (endpoint: unknown): { contact: string | undefined } | undefined => {
    if (typeof endpoint !== 'string') return undefined;
    if (!vscode.workspace.getConfiguration('mwquery').get<boolean>('contentChecks', true)) return undefined;
    if (!catalogues.hasLive(endpoint)) return undefined;
    const given = contact.current();
    // The questions are the file's literal titles and names: no `$secret` or `$env` value is in them.
    if (!catalogues.chosen.verdict(endpoint, { contact: given }).allowed) return undefined;
    return { contact: given };
  };
  const counting = () => {
    const sender = {
      requests: 0,
      send: (async (endpoint, pairs, options) => {
        sender.requests++;
        return sendApiRequest(endpoint, pairs, options);
      }) as ApiSender,
    };
    return sender;
  };

  const subscriptions = [
    client.onRequest(requestType(ContentFactsRequest), async (params): Promise<ContentAnswers | null> => {
      const allowed = permission(params?.endpoint);
      if (!allowed || !isQuestions(params.questions)) return null;
      const sender = counting();
      try {
        const answers = await fetchContentAnswers(params.endpoint, params.questions, {
          contact: allowed.contact,
          timeoutMs: TIMEOUT_MS,
          send: sender.send,
        });
        log.info(`Content of ${hostOf(params.endpoint)}: looked up ${describe(params.questions)} (${count(sender.requests, 'request')}).`);
        return answers;
      } catch (error) {
        log.warn(
          `Content of ${hostOf(params.endpoint)}: could not look up ${describe(params.questions)}: ${error instanceof Error ? error.message : 'failed'}`,
        );
        return null;
      }
    }),
    client.onRequest(requestType(LiveValuesRequest), async (params): Promise<LiveValuesAnswer | null> => {
      const allowed = permission(params?.endpoint);
      if (!allowed || !params.question || typeof params.question.prefix !== 'string') return null;
      const sender = counting();
      try {
        const answer = await fetchLiveValues(params.endpoint, params.question, {
          contact: allowed.contact,
          timeoutMs: TIMEOUT_MS,
          send: sender.send,
        });
        log.info(
          `Values of ${hostOf(params.endpoint)}: ${params.question.kind} starting with "${params.question.prefix.slice(0, 40)}" (${count(sender.requests, 'request')}).`,
        );
        return answer;
      } catch (error) {
        log.warn(`Values of ${hostOf(params.endpoint)}: ${error instanceof Error ? error.message : 'failed'}`);
        return null;
      }
    }),
    // What the client allows changed: the server asks again.
    vscode.workspace.onDidGrantWorkspaceTrust(() => void client.sendNotification(notificationType(ContentSettingsNotification))),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('mwquery.contentChecks') || e.affectsConfiguration('mwquery.contact'))
        void client.sendNotification(notificationType(ContentSettingsNotification));
    }),
  ];
  return vscode.Disposable.from(...subscriptions);
}

function isQuestions(value: unknown): value is ContentQuestions {
  if (!value || typeof value !== 'object') return false;
  const q = value as Record<string, unknown>;
  return ['titles', 'pageids', 'revids', 'users'].every(
    (k) => Array.isArray(q[k]) && (q[k] as unknown[]).every((v) => typeof v === 'string'),
  );
}

function describe(q: ContentQuestions): string {
  const parts = [
    q.titles.length ? count(q.titles.length, 'title') : '',
    q.pageids.length ? count(q.pageids.length, 'page id') : '',
    q.revids.length ? count(q.revids.length, 'revision id') : '',
    q.users.length ? count(q.users.length, 'user') : '',
  ].filter(Boolean);
  return parts.join(', ') || 'nothing';
}
