// Which wiki's images the Preview of a parse answer and the image grid of
// files (common/src/chart/kinds/grid.ts) may show (the run's
// `imageOrigin`; the panel adds it to its img-src, the preview frame to its
// own policy). The gate of requests nobody asked for decides
// (common/src/gate/unaskedGate.ts): an image the wiki's HTML names is a load
// the person did not ask for one by one. The run's own wiki is chosen (the
// person runs this query against it); the workspace must be trusted, and a
// host made from a `{{$secret}}` never shows. Only the wiki's own origin:
// images served from another host (an upload domain) stay blocked.

import * as vscode from 'vscode';
import { asksForFiles } from '../../../common/src/chart/files';
import { hostKey, unaskedGate } from '../../../common/src/gate/unaskedGate';
import type { PreparedRequest } from '../../../common/src/runner/request';

/**
 * `https://host[:port]` of the run's wiki, when its images may show; undefined
 * otherwise: runs across several wikis, and runs whose answers render no page
 * (`action=parse` answers with HTML) and ask for no files' pictures (prop=imageinfo,
 * prop=pageimages, list=allimages), because a new origin makes the
 * panel load its page again with the wider policy, which nothing else may cost.
 */
export function imageOriginOf(request: PreparedRequest, acrossWikis: boolean): string | undefined {
  if (acrossWikis || hostKey(request.endpoint) === undefined) return undefined;
  const action = [...request.params].reverse().find((p) => p.name === 'action')?.value;
  if (action !== 'parse' && !((action ?? 'query') === 'query' && asksForFiles(request.params))) return undefined;
  const verdict = unaskedGate({
    trusted: vscode.workspace.isTrusted,
    hostChosen: true,
    carries: { secret: false, env: false, hostUnknown: request.endpointSensitive },
  });
  return verdict.allowed ? new URL(request.endpoint).origin : undefined;
}
