// The files of the rows, for the image grid (kinds/grid.ts): which rows are
// files with a picture, which picture URLs may be drawn, and what a query
// must ask so that its answer carries thumbnails. Pure.
//
// A picture URL is kept only when it is http(s) on the wiki's own origin
// (the query's endpoint): a URL to another host, a `javascript:` or `data:`
// URL, a relative path or a URL with credentials is shown as text and never
// fetched. With no origin (an untrusted workspace) no URL is kept.

import { isRecord } from '../json';
import type { Row } from '../row';

/** The thumbnail width the grid asks for (iiurlwidth, pithumbsize), in CSS pixels. */
export const THUMB_WIDTH = 120;

/** A row as the grid reads it: its title and the URL of its picture (a thumbnail, else the file). */
export interface RowFile {
  title: string;
  url?: string;
  width?: number;
  height?: number;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const size = (v: unknown): number | undefined => (typeof v === 'number' && v > 0 && v < 1e6 ? v : undefined);

/** The first item of a one-item list (`imageinfo: [{…}]`), or the value itself. */
function first(v: unknown): Record<string, unknown> | undefined {
  const item = Array.isArray(v) ? v[0] : v;
  return isRecord(item) ? item : undefined;
}

/** The row carries prop=imageinfo: nested (`imageinfo: […]`) or flattened by the panel (`imageinfo.size`). */
function hasImageinfo(row: Row): boolean {
  if (row.imageinfo !== undefined) return true;
  for (const key in row) if (key.startsWith('imageinfo.')) return true;
  return false;
}

/** A field of the row, nested (`imageinfo[0].thumburl`) or flattened by the panel (`imageinfo.thumburl`). */
function read(row: Row, list: string, field: string): unknown {
  return first(row[list])?.[field] ?? row[`${list}.${field}`];
}

/**
 * The picture of a row: prop=imageinfo (`thumburl`, else `url`), prop=pageimages
 * (`thumbnail.source`), list=allimages (`thumburl`, else `url`). A file without
 * a URL (imageinfo without iiprop=url, a page of the File namespace) is a
 * file with no picture; undefined when the row is no file at all.
 */
export function fileOfRow(row: Row): RowFile | undefined {
  const title = text(row.title) ?? text(row.name) ?? '';
  const pick = (url: unknown, width: unknown, height: unknown): RowFile | undefined =>
    url === undefined ? undefined : { title, url: typeof url === 'string' ? url : String(url), width: size(width), height: size(height) };
  return (
    pick(read(row, 'imageinfo', 'thumburl'), read(row, 'imageinfo', 'thumbwidth'), read(row, 'imageinfo', 'thumbheight')) ??
    pick(read(row, 'imageinfo', 'url'), read(row, 'imageinfo', 'width'), read(row, 'imageinfo', 'height')) ??
    pick(read(row, 'thumbnail', 'source'), read(row, 'thumbnail', 'width'), read(row, 'thumbnail', 'height')) ??
    pick(row.thumburl, row.thumbwidth, row.thumbheight) ??
    pick(row.url, row.width, row.height) ??
    (hasImageinfo(row) || row.ns === 6 ? { title } : undefined)
  );
}

/**
 * Whether the rows are files: one names a picture, or carries prop=imageinfo
 * (without a URL: the grid then offers to ask for thumbnails). The grid is
 * then the Chart view's first choice; a File-namespace page alone is not enough.
 */
export function hasFiles(rows: readonly Row[], look = 50): boolean {
  for (let i = 0; i < Math.min(rows.length, look); i++) {
    const row = rows[i]!;
    if (fileOfRow(row)?.url || hasImageinfo(row)) return true;
  }
  return false;
}

/** `origin` as `scheme://host[:port]` when it is one (the wiki's own), else undefined. */
export function wikiOrigin(endpoint: string | undefined): string | undefined {
  if (!endpoint) return undefined;
  try {
    const url = new URL(endpoint);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URL when the grid may fetch it: absolute http(s), on `origin`, without
 * credentials and without characters a URL never holds unescaped. Protocol-relative
 * URLs (`//host/…`, as some wikis give) are read with the origin's scheme.
 */
export function pictureUrl(url: string | undefined, origin: string | undefined): string | undefined {
  if (!url || !origin || url.length > 2000 || /[\s"'<>\\`\u0000-\u001f\u007f]/.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith('//') ? `${new URL(origin).protocol}${url}` : url);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || parsed.origin !== origin) return undefined;
  if (!/^https?:\/\//i.test(url) && !url.startsWith('//')) return undefined;
  return parsed.href;
}

/** A parameter as the query gives it (its name and value). */
export interface NamedValue {
  name: string;
  value: string;
}

const listOf = (params: readonly NamedValue[], name: string): string[] =>
  ([...params].reverse().find((p) => p.name === name)?.value ?? '').split('|').filter(Boolean);

/**
 * What the query must add so that its answer has thumbnails for the grid
 * (the bundled catalogue's parameters: imageinfo's `iiurlwidth` and `iiprop=url`,
 * pageimages' `pithumbsize` and `piprop=thumbnail`; allimages has no width
 * parameter, only `aiprop=url`, so its grid shows the files themselves).
 * A parameter the query already gives is left as it is; a prop list it gives
 * gets the one value added. Empty when nothing is missing.
 */
export function thumbnailParams(params: readonly NamedValue[], width = THUMB_WIDTH): NamedValue[] {
  const props = listOf(params, 'prop');
  const has = (name: string) => params.some((p) => p.name === name);
  const out: NamedValue[] = [];
  const addTo = (name: string, value: string, defaults: string) => {
    const given = has(name) ? listOf(params, name) : defaults.split('|');
    if (!given.includes(value)) out.push({ name, value: [...given, value].join('|') });
  };
  if (props.includes('imageinfo')) {
    addTo('iiprop', 'url', 'timestamp|user');
    if (!has('iiurlwidth') && !has('iiurlheight')) out.push({ name: 'iiurlwidth', value: String(width) });
  }
  if (props.includes('pageimages')) {
    addTo('piprop', 'thumbnail', 'thumbnail|name');
    if (!has('pithumbsize')) out.push({ name: 'pithumbsize', value: String(width) });
  }
  if (listOf(params, 'list').includes('allimages')) addTo('aiprop', 'url', 'timestamp|url');
  return out.filter((p, i) => out.findIndex((q) => q.name === p.name) === i);
}

/** Whether the query asks for files' pictures (its answer may be drawn as a grid, its wiki's images shown). */
export function asksForFiles(params: readonly NamedValue[]): boolean {
  return (
    listOf(params, 'prop').some((p) => p === 'imageinfo' || p === 'pageimages') ||
    listOf(params, 'list').includes('allimages') ||
    listOf(params, 'generator').includes('allimages')
  );
}

/** The parameters with `added` set (an added prop list replaces the one given), in their order, the new ones last. */
export function withParams<T extends NamedValue>(params: readonly T[], added: readonly NamedValue[], make: (p: NamedValue) => T): T[] {
  const byName = new Map(added.map((p) => [p.name, p]));
  const out = params.map((p) => {
    const a = byName.get(p.name);
    if (!a) return p;
    byName.delete(p.name);
    return { ...p, value: a.value };
  });
  for (const a of byName.values()) out.push(make(a));
  return out;
}
