// Which wiki the query under the cursor will really go to, for the status
// item: its URL line, else the file's `@endpoint` above it, else the selected
// environment (else the `mwquery.endpoint` setting); and the editor's inputs to
// that fallback (common/src/endpointChoice.ts). Pure: no editor API.

import { queryAtLine } from '../../common/src/parser';
import {
  fallbackEndpoint,
  readEnvironments,
  type Environment,
  type Fallback,
  type WorkspaceEnvironments,
} from '../../common/src/endpointChoice';
import type { ParsedDocument } from '../../common/src/syntaxTree';
import { hostOf, isHttpUrl } from '../../common/src/url';

/** Where a query's own endpoint comes from, when it has one. */
export interface OwnEndpoint {
  from: 'url' | '@endpoint';
  /** 0-based line of the URL line or the `@endpoint` definition. */
  line: number;
  /** The host (and port) only, never the path or a `user:password@`; undefined when variables or secrets make it. */
  host?: string;
}

/** The endpoint the query at `line` names itself (URL line or `@endpoint`), else undefined: the environment's applies. */
export function ownEndpointAt(doc: ParsedDocument, line: number): OwnEndpoint | undefined {
  if (!(line >= 0 && line < doc.lines.length)) return undefined;
  const query = queryAtLine(doc, line);
  const url = query?.urls[query.urls.length - 1];
  if (url) return { from: 'url', line: url.line, host: plainHost(url.endpoint) };
  // Outside any query (the file's head), the @endpoint defined above the cursor is the one a query there would use.
  const offset = query ? (query.params[0]?.nameSpan.start ?? query.span.end) : (doc.lines[line]?.end ?? doc.text.length);
  // The last `@endpoint` defined before that point (as the runner's VariableScope.definitionAt picks it).
  let def: ParsedDocument['variables'][number] | undefined;
  for (const v of doc.variables) {
    if (v.nameSpan.start >= offset) break; // in document order
    if (v.name === 'endpoint') def = v;
  }
  if (!def) return undefined;
  // A value made of variables is shown by where it is, not resolved: it may hold a secret.
  return { from: '@endpoint', line: def.line, host: def.value.includes('{{') ? undefined : plainHost(def.value.trim()) };
}

function plainHost(endpoint: string): string | undefined {
  if (endpoint.includes('{{') || !isHttpUrl(endpoint)) return undefined;
  const host = hostOf(endpoint);
  return host === '(not a URL)' ? undefined : host.slice(0, 80);
}

export interface StatusText {
  text: string;
  tooltip: string;
}

/** The status item's text and tooltip. */
export function environmentStatusText(
  own: OwnEndpoint | undefined,
  env: { name: string; endpoint: string; user?: string } | undefined,
  settingEndpoint: string | undefined,
  anyEnvironment: boolean,
): StatusText {
  const envName = env ? `the environment "${env.name}"` : undefined;
  if (own) {
    const where = own.from === 'url' ? `the query's URL line (line ${own.line + 1})` : `the file's @endpoint (line ${own.line + 1})`;
    const label = own.from === 'url' ? 'URL line' : '@endpoint';
    return {
      text: `$(globe) ${own.host ? `${own.host} (${label})` : own.from === 'url' ? "the query's URL" : "the file's @endpoint"}`,
      tooltip: `This query goes to ${own.host ?? 'the endpoint'} named by ${where}${envName ? `, not to ${envName}` : ''}. Click to switch the environment for queries without an endpoint of their own.`,
    };
  }
  if (env) {
    return {
      text: `$(globe) ${env.name}`,
      tooltip: `Queries without an endpoint go to ${env.endpoint}${env.user ? ` as ${env.user}` : ''}. Click to switch.`,
    };
  }
  const setting = settingEndpoint?.trim();
  if (setting && isHttpUrl(setting)) {
    return {
      text: `$(globe) ${hostOf(setting)}`,
      tooltip: `No environment is picked: queries without an endpoint go to ${hostOf(setting)} (the mwquery.endpoint setting). Click to pick an environment.`,
    };
  }
  return {
    text: '$(globe) no environment',
    tooltip: anyEnvironment
      ? 'Click to pick the wiki for queries without an endpoint of their own'
      : 'No wiki set up yet: click to create .mwquery.json or open the settings',
  };
}

/** What the editor reads for the fallback: its settings, the workspace's `.mwquery.json` (read), and the status bar's pick. */
export interface EditorFallbackInputs {
  /** The `mwquery.environments` setting, as written. */
  settingsEnvironments: unknown;
  /** The workspace's `.mwquery.json`, read (none: no file). */
  workspaceFile?: WorkspaceEnvironments;
  /** The name picked in the status bar ('' for None; undefined: never picked). */
  picked?: string;
  /** The `mwquery.endpoint` setting. */
  setting?: string;
}

/** The environments the editor knows: the settings' first, then `.mwquery.json`'s of other names. */
export function editorEnvironments(settingsEnvironments: unknown, workspaceFile: WorkspaceEnvironments | undefined): Environment[] {
  const fromSettings = readEnvironments(settingsEnvironments, 'settings');
  const names = new Set(fromSettings.map((e) => e.name));
  return [...fromSettings, ...(workspaceFile?.environments ?? []).filter((e) => !names.has(e.name))];
}

/** Where the editor sends a query that names no endpoint: endpointChoice.ts's rule on the editor's inputs. */
export function editorFallback(inputs: EditorFallbackInputs): Fallback {
  return fallbackEndpoint({
    environments: editorEnvironments(inputs.settingsEnvironments, inputs.workspaceFile),
    picked: inputs.picked,
    fileDefault: inputs.workspaceFile?.default,
    setting: inputs.setting,
  });
}
