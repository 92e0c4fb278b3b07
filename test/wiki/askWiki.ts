// The test wiki asked directly, without mwq: what a test compares mwq's rows,
// charts and panel with. Global fetch only, so the real VS Code suite can use
// it too.

/** The wiki's answer to `action=query` (JSON, formatversion 2), POSTed to `endpoint`; `T`: the shape the test asked for. */
export async function askWiki<T = any>(endpoint: string, params: Record<string, string>): Promise<T> {
  const body = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params });
  return (await (await fetch(endpoint, { method: 'POST', body })).json()) as T;
}

/** One list module's items (`list=NAME`), asked directly. */
export async function askWikiList<T>(endpoint: string, list: string, params: Record<string, string>): Promise<T[]> {
  return (await askWiki<{ query: Record<string, T[]> }>(endpoint, { list, ...params })).query[list]!;
}

export interface WikiFilePage {
  title: string;
  imageinfo: { thumburl: string }[];
}

/** The wiki's files (up to 50) with the URL of their 120 px thumbnails: what the image grid must show. */
export async function wikiThumbnailPages(endpoint: string): Promise<WikiFilePage[]> {
  const answer = await askWiki<{ query: { pages: WikiFilePage[] } }>(endpoint, {
    generator: 'allimages',
    gailimit: '50',
    prop: 'imageinfo',
    iiprop: 'url',
    iiurlwidth: '120',
  });
  return answer.query.pages;
}
