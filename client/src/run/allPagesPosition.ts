// Where an editor's "All pages" run had got to, so that after VS Code closed
// or crashed the next "All pages" of the same query can go on from there: the
// `continue` to send next and how many rows (and bytes of the rows file) were
// kept. Pure: the file's text in and out, and the decision whether to offer
// going on; runPositions.ts reads and writes the files.
//
// No secret is kept: the query and endpoint are digests of their masked
// forms, the rows were scrubbed by the session, and a `continue` that carries
// a secret (the wiki echoed one) is not kept at all.

import { createHash } from 'node:crypto';
import { isCount, isRecord, isSha256Hex, parseVersionedRecord } from '../../../common/src/json';
import type { Redactor } from '../../../common/src/redact';
import { requestPairs } from '../../../common/src/runner/wire';
import type { PreparedRequest } from '../../../common/src/runner/request';

export interface PositionIdentity {
  /** Digest of the query's parameters, secrets masked. */
  query: string;
  /** Digest of the endpoint. */
  endpoint: string;
}

export interface RunPosition extends PositionIdentity {
  version: 1;
  /** The extension host that wrote it (one id per activation): another one's unfinished run was interrupted. */
  owner: string;
  /** The list the rows are of (the panel's main list). */
  list?: string;
  /** The `continue` the next request sends. */
  continue: Record<string, string>;
  /** Rows in the rows file, its length in bytes, requests made, items of every list. */
  rows: number;
  bytes: number;
  pages: number;
  items: number;
  updatedAt: string;
}

/** What the offer says: where the run would go on. */
export interface ResumeOffer {
  /** Requests made before (the run goes on with request pages + 1). */
  pages: number;
  rows: number;
  updatedAt: string;
}

/** Limits on a position read from disk (a file may have been edited). */
const MAX_CONTINUE_KEYS = 50;
const MAX_CONTINUE_CHARS = 64 * 1024;

export function positionIdentity(request: PreparedRequest): PositionIdentity {
  const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
  return { query: digest(requestPairs(request, { mask: true })), endpoint: digest(request.endpoint) };
}

/**
 * The `continue` to keep, or undefined when it must not be kept: it carries a
 * masked value (a secret the wiki echoed), or it is too big.
 */
export function keepableContinue(cont: Readonly<Record<string, string>> | undefined, redact: Redactor): Record<string, string> | undefined {
  if (!cont) return undefined;
  const keys = Object.keys(cont);
  if (keys.length === 0 || keys.length > MAX_CONTINUE_KEYS) return undefined;
  let chars = 0;
  for (const key of keys) {
    const value = cont[key]!;
    chars += key.length + value.length;
    if (redact(key) !== key || redact(value) !== value) return undefined;
  }
  return chars <= MAX_CONTINUE_CHARS ? { ...cont } : undefined;
}

/** A position read from text, checked field by field; undefined when it is not one. */
export function parsePosition(text: string): RunPosition | undefined {
  const json = parseVersionedRecord(text, 1);
  if (!json) return undefined;
  const short = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
  if (!isSha256Hex(json.query) || !isSha256Hex(json.endpoint) || !short(json.owner, 100) || !short(json.updatedAt, 40)) return undefined;
  if (!isCount(json.rows) || !isCount(json.bytes) || !isCount(json.pages) || !isCount(json.items) || json.pages === 0) return undefined;
  if (json.list !== undefined && !short(json.list, 200)) return undefined;
  if (!isRecord(json.continue) || Array.isArray(json.continue)) return undefined;
  const cont: Record<string, string> = {};
  let chars = 0;
  for (const [key, value] of Object.entries(json.continue)) {
    if (typeof value !== 'string') return undefined;
    chars += key.length + value.length;
    cont[key] = value;
  }
  const keys = Object.keys(cont).length;
  if (keys === 0 || keys > MAX_CONTINUE_KEYS || chars > MAX_CONTINUE_CHARS) return undefined;
  return {
    version: 1,
    owner: json.owner,
    query: json.query as string,
    endpoint: json.endpoint as string,
    ...(json.list !== undefined ? { list: json.list as string } : {}),
    continue: cont,
    rows: json.rows,
    bytes: json.bytes,
    pages: json.pages,
    items: json.items,
    updatedAt: json.updatedAt,
  };
}

/**
 * Whether to offer going on: a position of the same query and endpoint, left
 * by another extension host (this one would still have the run in memory).
 */
export function resumeOfferFor(position: RunPosition | undefined, identity: PositionIdentity, owner: string): ResumeOffer | undefined {
  if (!position || position.owner === owner) return undefined;
  if (position.query !== identity.query || position.endpoint !== identity.endpoint) return undefined;
  return { pages: position.pages, rows: position.rows, updatedAt: position.updatedAt };
}

/** The notification's question and its two answers. */
export function resumeQuestion(label: string, offer: ResumeOffer): { message: string; goOn: string; startAgain: string } {
  const rows = `${offer.rows.toLocaleString('en-US')} row${offer.rows === 1 ? '' : 's'}`;
  const pages = `${offer.pages.toLocaleString('en-US')} page${offer.pages === 1 ? '' : 's'}`;
  return {
    message: `"${label}": its "All pages" run did not finish (VS Code was closed or reloaded): ${pages} fetched, ${rows} kept. Go on from there?`,
    goOn: `Go on from page ${(offer.pages + 1).toLocaleString('en-US')}`,
    startAgain: 'Start again',
  };
}

/** Rows from the rows file's text (NDJSON, only the first `bytes` bytes count); undefined when it does not match the position. */
export function readRows(text: string, position: Pick<RunPosition, 'rows'>): Record<string, unknown>[] | undefined {
  const rows: Record<string, unknown>[] = [];
  if (text.length > 0) {
    if (!text.endsWith('\n')) return undefined;
    for (const line of text.slice(0, -1).split('\n')) {
      try {
        const row: unknown = JSON.parse(line);
        if (!isRecord(row) || Array.isArray(row)) return undefined;
        rows.push(row);
      } catch {
        return undefined;
      }
    }
  }
  return rows.length === position.rows ? rows : undefined;
}
