// The one rule for requests nobody asked for: catalogue fetches, content
// checks, live values for completion, the "All pages" estimate lens, the
// ApiSandbox script-path lookup done for a lens, and `mwq run --dry-run`'s
// estimate. Such a request goes only to a host the person chose (ran a query
// against, or named in settings, environments, `.mwquery.json`, the CLI's
// `--endpoint`), and never carries a `{{$secret}}` or `{{$env}}` value, or a
// contact address where Wikimedia's policy wants one and none is set.
// Pure: each surface (client/src/unaskedRequests.ts, cli/src/dryRun.ts)
// gathers the facts and says the word this returns.
//
//   const verdict = unaskedGate({ trusted: true, hostChosen: chosen.has(endpoint), carries: carriedStandIns(...) });
//   if (!verdict.allowed) return `not asked: ${verdict.word}`;

import type { ExternalLookup } from '../resolve';
import type { VariableUse } from '../syntaxTree';

/** Why an unasked request was not sent; each has its word (UNASKED_WORDS). */
export type UnaskedRefusal = 'untrusted' | 'secret' | 'env' | 'not-chosen' | 'no-host' | 'contact';

export interface UnaskedFacts {
  /** The workspace is trusted (the CLI: always). */
  trusted: boolean;
  /** The request's host is one the person chose (hostKey of the endpoint in the chosen set). */
  hostChosen: boolean;
  /** The person let this kind of request go to any host (the catalogue's `autoFetch: always`). */
  anyHost?: boolean;
  /** What the request would carry: a `$secret` or `$env` value (carriedStandIns), or a host that depends on one. */
  carries?: Carried;
  /** A Wikimedia wiki and no contact set: its User-Agent policy wants one. */
  contactMissing?: boolean;
}

export type UnaskedVerdict = { allowed: true } | { allowed: false; refusal: UnaskedRefusal; word: string };

/** What a person reads after "not asked: ". */
export const UNASKED_WORDS: Readonly<Record<UnaskedRefusal, string>> = {
  untrusted: 'the workspace is not trusted',
  secret: 'it uses a secret',
  env: 'it uses an environment value',
  'not-chosen': 'run it once to choose this wiki',
  'no-host': 'its wiki depends on a secret or environment value',
  contact: 'set mwquery.contact first',
};

export interface Carried {
  secret: boolean;
  env: boolean;
  /** The host itself comes from a `$secret`/`$env` value: where it goes is unknown until resolved. */
  hostUnknown: boolean;
}

/** Whether a request nobody asked for may be sent, and the word that says why not. */
export function unaskedGate(facts: UnaskedFacts): UnaskedVerdict {
  const no = (refusal: UnaskedRefusal): UnaskedVerdict => ({ allowed: false, refusal, word: UNASKED_WORDS[refusal] });
  if (!facts.trusted) return no('untrusted');
  if (facts.carries?.hostUnknown) return no('no-host');
  if (facts.carries?.secret) return no('secret');
  if (facts.carries?.env) return no('env');
  if (!facts.hostChosen && !facts.anyHost) return no('not-chosen');
  if (facts.contactMissing) return no('contact');
  return { allowed: true };
}

/**
 * The host as the gate and the secret bindings compare it: lower case, with
 * its port, IP literals in the URL parser's one form; undefined for text that
 * is not an http(s) URL.
 */
export function hostKey(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.host.toLowerCase();
}

/** A set of chosen hosts from endpoints (or bare hosts, `wiki.example.org:8080`). */
export function hostSet(items: Iterable<string | undefined>): Set<string> {
  const hosts = new Set<string>();
  for (const item of items) {
    const text = item?.trim();
    if (!text) continue;
    const key = hostKey(text) ?? hostKey(`https://${text}`);
    if (key) hosts.add(key);
  }
  return hosts;
}

/**
 * Stand-ins for `$secret` and `$env` values: a request built with this lookup
 * has the shape of the real one (its endpoint, its parameters) and holds none
 * of the values. Each stand-in is URL-safe and lower case, so it survives a
 * URL's parsing (a host is lower-cased) and is found again by carriedStandIns.
 */
export class StandIns {
  private readonly uses: { text: string; use: VariableUse }[] = [];

  readonly lookup: ExternalLookup = (use) => {
    if (use.kind !== 'secret' && use.kind !== 'env') return undefined;
    const known = this.uses.find((u) => u.use.kind === use.kind && u.use.name === use.name);
    if (known) return known.text;
    const text = `mwq-unresolved-${use.kind}-${this.uses.length}-x`;
    this.uses.push({ text, use });
    return text;
  };

  /** The `$secret`/`$env` uses met so far, each once, with where each would go (`endpoint`'s host). */
  used(): { kind: 'secret' | 'env'; name: string }[] {
    return this.uses.map((u) => ({ kind: u.use.kind as 'secret' | 'env', name: u.use.name }));
  }

  /** What a request to `endpoint` with `values` would carry. */
  carried(endpoint: string, values: Iterable<string>): Carried {
    const found = { secret: false, env: false, hostUnknown: false };
    const host = hostKey(endpoint) ?? '';
    const texts = [endpoint, ...values];
    for (const { text, use } of this.uses) {
      if (host.includes(text)) found.hostUnknown = true;
      if (texts.some((t) => t.includes(text))) found[use.kind === 'secret' ? 'secret' : 'env'] = true;
    }
    return found;
  }

  /** `text` with each stand-in written back as the `{{$secret NAME}}` / `{{$env NAME}}` it stands for. */
  writtenBack(text: string): string {
    let out = text;
    for (const { text: s, use } of this.uses) out = out.split(s).join(`{{$${use.kind} ${use.name}}}`);
    return out;
  }

  /** Every stand-in text (a redactor masks them like values). */
  texts(): string[] {
    return this.uses.map((u) => u.text);
  }
}
