// A wiki's help texts (paraminfo with `helpformat=wikitext`) as Markdown for
// hover and completion. The wikitext is hostile: it is cut into plain-text and
// code pieces here, and every piece goes into the Markdown through
// markdownText.ts (`mdText` escapes, `mdCode` is a code span), so nothing of
// the wiki's own markup survives but the structure rebuilt here: paragraphs,
// `*`/`#` lists, `;term:definition` lists, and `<var>`/`<kbd>`/`<samp>`/
// `<code>` as code. Links become their label (plain text, never a link).
//
//   helpMarkdown('Which pages to list.\n;<kbd>all</kbd>:Every page.')
//   → 'Which pages to list\\.\n\n- `all`: Every page\\.'

import type { HelpExample, ParamInfo } from './catalogue';
import { mdCode, mdText } from './markdownText';
import { decodeHtmlEntities } from '../../../common/src/text';
import { decodeQueryComponent } from '../../../common/src/url';

/** At most this much of one help text is read (the rest is cut with "…"). */
const MAX_SOURCE = 4000;
/** At most this many paragraphs and list items of one help text. */
const MAX_BLOCKS = 40;

const CODE_TAG = /<(var|kbd|samp|code|tt)\b[^<>]*>([\s\S]*?)<\/\1\s*>/gi;

interface Block {
  kind: 'paragraph' | 'item';
  markdown: string;
}

/** A help text as Markdown blocks (paragraphs and one level of list); '' when it has no text. */
export function helpMarkdown(wikitext: string): string {
  const cut = wikitext.length > MAX_SOURCE;
  const source = (cut ? wikitext.slice(0, MAX_SOURCE) : wikitext)
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(?:div|p|ul|ol|dl)\b[^<>]*>/gi, '\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const markdown = paragraph.length ? lineStart(inline(paragraph.join(' '))) : '';
    if (markdown) blocks.push({ kind: 'paragraph', markdown });
    paragraph = [];
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const list = /^([*#;:]+)\s*([\s\S]*)$/.exec(line);
    const heading = /^=+\s*(.*?)\s*=+$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      const text = inline(heading[1] ?? '');
      if (text) blocks.push({ kind: 'paragraph', markdown: `**${text}**` });
    } else if (list) {
      flush();
      const item = listItem(list[1]!.at(-1)!, list[2] ?? '');
      if (item) blocks.push(item);
    } else paragraph.push(line);
  }
  flush();
  const kept = blocks.slice(0, MAX_BLOCKS);
  if (cut || blocks.length > MAX_BLOCKS) kept.push({ kind: 'paragraph', markdown: '…' });
  // List items follow each other on the next line; anything else after a blank line (so no text joins a list item).
  return kept.map((b, i) => (i === 0 ? '' : b.kind === 'item' && kept[i - 1]!.kind === 'item' ? '\n' : '\n\n') + b.markdown).join('');
}

/** A help text as one line of Markdown (an example's description, a value's definition). */
export function helpInline(wikitext: string): string {
  return lineStart(inline(wikitext.slice(0, MAX_SOURCE).replace(/<br\s*\/?>|\r?\n/gi, ' ')));
}

const valueDefinitions = new WeakMap<ParamInfo, Map<string, string>>();

/**
 * The definition of one of a parameter's values in its help text, when the
 * text lists them as `;value:definition` (as MediaWiki's per-value help does).
 * Read once per parameter: an enumeration may have very many values.
 */
export function valueHelp(param: ParamInfo, value: string): string | undefined {
  let definitions = valueDefinitions.get(param);
  if (!definitions) {
    definitions = new Map();
    for (const line of (param.description ?? '').slice(0, MAX_SOURCE * 4).split('\n')) {
      if (!line.startsWith(';')) continue;
      const [term, definition] = splitDefinition(line.slice(1));
      const name = plain(term).trim();
      if (definition && !definitions.has(name)) definitions.set(name, definition);
    }
    valueDefinitions.set(param, definitions);
  }
  const definition = definitions.get(value);
  return definition === undefined ? undefined : helpInline(definition);
}

/** An example as `` `query` — description ``: the query without `action=query&` and with its escapes decoded. */
export function exampleMarkdown(example: HelpExample): string {
  let query = example.query.slice(0, MAX_SOURCE).replace(/^action=query&/, '');
  query = decodeQueryComponent(query) ?? query; // a malformed escape: shown as it is
  const description = example.description ? helpInline(example.description) : '';
  return description ? `${mdCode(query)} — ${description}` : mdCode(query);
}

function listItem(marker: string, rest: string): Block | undefined {
  if (marker === ';') {
    const [term, definition] = splitDefinition(rest);
    // MediaWiki lists a parameter's values this way: a term that is one word is a value, shown as code.
    const word = plain(term).trim();
    const t = /^[\w*.+-]{1,60}$/.test(word) ? mdCode(word) : inline(term);
    const d = definition ? inline(definition) : '';
    if (!t && !d) return undefined;
    return { kind: 'item', markdown: `- ${t ? lineStart(t) : ''}${t && d ? ': ' : ''}${t ? d : lineStart(d)}` };
  }
  const text = inline(rest);
  if (!text) return undefined;
  if (marker === ':') return { kind: 'paragraph', markdown: lineStart(text) };
  return { kind: 'item', markdown: `${marker === '#' ? '1.' : '-'} ${lineStart(text)}` };
}

/** `term:definition` split at the first `:` outside links and tags (`[[Special:…|x]]` has its own). */
function splitDefinition(text: string): [string, string] {
  let square = 0;
  let angle = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[') square++;
    else if (c === ']') square = Math.max(0, square - 1);
    else if (c === '<') angle++;
    else if (c === '>') angle = Math.max(0, angle - 1);
    else if (c === ':' && square === 0 && angle === 0) return [text.slice(0, i), text.slice(i + 1)];
  }
  return [text, ''];
}

/** One line of wikitext as Markdown: code tags as code spans, everything else as escaped text. */
function inline(text: string): string {
  const out: string[] = [];
  let at = 0;
  for (const match of text.matchAll(CODE_TAG)) {
    out.push(mdText(plain(text.slice(at, match.index))));
    const code = plain(match[2] ?? '').trim();
    if (code) out.push(mdCode(code));
    at = match.index + match[0].length;
  }
  out.push(mdText(plain(text.slice(at))));
  return out.join('').replace(/ {2,}/g, ' ').trim();
}

/** Wikitext to plain text: links to their labels, tags and bold/italic quotes dropped, entities decoded. */
function plain(text: string): string {
  return decodeHtmlEntities(
    text
      // No `[` inside: a run of `[[[[` fails at once instead of scanning to the end each time.
      .replace(/\[\[:?([^[\]|]*)(?:\|([^[\]]*))?\]\]/g, (_, target: string, label?: string) => label ?? target)
      .replace(/\[((?:https?:)?\/\/[^\s\]]+)(?:\s+([^[\]]*))?\]/g, (_, url: string, label?: string) => label ?? url)
      .replace(/<\/?[A-Za-z][^<>]*>/g, '')
      .replace(/'{2,}/g, ''),
  ).replace(/\s+/g, ' ');
}

/** Text at the start of a Markdown line that would open a block (`- `, `1. `, `===`): its marker escaped. */
function lineStart(markdown: string): string {
  return markdown.replace(/^(\d{1,9})([.)])/, '$1\\$2').replace(/^[-=]/, '\\$&');
}
