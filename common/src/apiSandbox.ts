// A pasted ApiSandbox link names a query as a pasted api.php URL does: its
// parameters are those after `#`, its endpoint the wiki's api.php. The forms:
//   https://HOST/wiki/Special:ApiSandbox#action=query&list=allpages
//   https://HOST/w/index.php?title=Special:ApiSandbox#action=query&…
//   https://HOST/index.php/Special:ApiSandbox#action=query&…
// The api.php is found from the link alone (no request) where it can be:
// beside its index.php, or `/w/api.php` on a Wikimedia wiki. Another wiki's
// link with only the article path (`/wiki/Special:ApiSandbox`) does not say
// the script path: the run reads it from the link's page
// (runner/scriptPath.ts), `/w/api.php` standing in until then.

import { isWikimediaEndpoint } from './wikimediaHosts';
import { decodeQueryComponent } from './url';

export interface SandboxLink {
  /** The wiki's api.php. */
  endpoint: string;
  /** How it was found: beside the link's index.php, Wikimedia's `/w/api.php`, or found when run (`/w/api.php` until then). */
  endpointFrom: 'index.php' | 'wikimedia' | 'guess';
  /** Offset in the URL text of the parameters (after `#`). */
  fragmentStart: number;
}

const URL_PARTS = /^(https?:\/\/[^/?#\s]+)(\/[^?#]*)?(\?[^#]*)?$/i;
/** The special page in any language (`Special:`, `Spezial:` …), percent-encoded or not. */
const SANDBOX_TITLE = /^[^/:]{1,40}:ApiSandbox$/i;

function decoded(text: string): string {
  return decodeQueryComponent(text) ?? text;
}

/** The ApiSandbox link in a URL line, or undefined when it is not one. */
export function readSandboxLink(urlText: string): SandboxLink | undefined {
  const hash = urlText.indexOf('#');
  if (hash < 0 || urlText.length > 100_000) return undefined;
  const parts = URL_PARTS.exec(urlText.slice(0, hash));
  if (!parts) return undefined;
  const origin = parts[1]!;
  const path = parts[2] ?? '/';
  const search = parts[3] ?? '';
  const found = (endpoint: string, endpointFrom: SandboxLink['endpointFrom']): SandboxLink => ({
    endpoint,
    endpointFrom,
    fragmentStart: hash + 1,
  });
  const title = /[?&]title=([^&]*)/.exec(search)?.[1];
  if (title !== undefined && SANDBOX_TITLE.test(decoded(title))) {
    // `…/index.php?title=Special:ApiSandbox`: api.php is beside index.php.
    return found(`${origin}${path.replace(/[^/]*$/, '')}api.php`, 'index.php');
  }
  const slash = path.lastIndexOf('/');
  if (!SANDBOX_TITLE.test(decoded(path.slice(slash + 1)))) return undefined;
  const before = path.slice(0, slash);
  // `…/index.php/Special:ApiSandbox` (a wiki without short URLs).
  if (/\/index\.php$/i.test(before)) return found(`${origin}${before.slice(0, -'index.php'.length)}api.php`, 'index.php');
  const endpoint = `${origin}/w/api.php`;
  return found(endpoint, isWikimediaEndpoint(endpoint) ? 'wikimedia' : 'guess');
}

/** Where a hint says the endpoint came from. */
export function sandboxEndpointNote(link: Pick<SandboxLink, 'endpoint' | 'endpointFrom'>): string {
  switch (link.endpointFrom) {
    case 'index.php':
      return `the wiki's api.php beside its index.php, ${link.endpoint}`;
    case 'wikimedia':
      return `${link.endpoint}, where every Wikimedia wiki has it`;
    default:
      return `the wiki's api.php, found when run from the link's page (the link names no script path; ${link.endpoint} if the page names none)`;
  }
}
