// Starting points offered at the start of an empty query.

export interface QuerySnippet {
  label: string;
  detail: string;
  /** LSP snippet syntax. */
  body: string;
}

export const SNIPPETS: readonly QuerySnippet[] = [
  {
    label: 'All pages with a prefix',
    detail: 'list=allpages',
    body: 'list=allpages\napprefix=${1:Prefix}\napnamespace=${2:0}\naplimit=${3:50}',
  },
  {
    label: 'Category members',
    detail: 'list=categorymembers',
    body: 'list=categorymembers\ncmtitle=Category:${1:Name}\ncmtype=${2:page|subcat}\ncmlimit=${3:max}',
  },
  {
    label: 'Recent changes',
    detail: 'list=recentchanges',
    body: 'list=recentchanges\nrcprop=title|timestamp|user|comment\nrcshow=${1:!bot}\nrclimit=${2:50}',
  },
  {
    label: 'Revisions of a page',
    detail: 'prop=revisions',
    body: 'prop=revisions\ntitles=${1:Main Page}\nrvprop=ids|timestamp|user|comment\nrvlimit=${2:10}',
  },
  {
    label: 'Site info',
    detail: 'meta=siteinfo',
    body: 'meta=siteinfo\nsiprop=${1:general|namespaces|statistics}',
  },
];
