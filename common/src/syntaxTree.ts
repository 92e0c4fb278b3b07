// The nodes of a parsed `.mwq` document (parser.ts builds them). Every node
// carries offsets into the text. A leaf module: the parser, the line parsers
// and the variable scanner all import their types from here.

import type { SourceLine } from './lines';

export interface Span {
  start: number;
  end: number;
}

export type VariableUseKind = 'variable' | 'env' | 'secret' | 'unknown-function';

/** A `{{name}}`, `{{$env NAME}}` or `{{$secret NAME}}` reference inside a value (variables.ts finds them). */
export interface VariableUse {
  kind: VariableUseKind;
  /** Variable name, or the argument of `$env` / `$secret`. */
  name: string;
  /** For `{{$fn arg}}`, the function name including `$`. */
  fn?: string;
  /** The whole `{{…}}`. */
  span: Span;
}

/** One `|`-separated piece of a value, with its place in the document. */
export interface ValueItem extends Span {
  text: string;
}

export interface ParamNode {
  name: string;
  nameSpan: Span;
  /** False for a bare `name` line (a boolean flag). */
  hasEquals: boolean;
  /** The value as it will be sent (continuation lines appended, URL-decoded). */
  value: string;
  /** From the first to the last character of the value, across continuation lines. */
  valueSpan: Span;
  /** The value split on `|`; only meaningful for multi-valued parameters. */
  items: ValueItem[];
  /** The parameter came from the query string of a pasted URL line. */
  fromUrl: boolean;
  /**
   * For a URL line's parameter: the value as written (still percent-encoded).
   * Its `{{…}}` are the only references resolved: text that becomes `{{…}}`
   * only by decoding (`%7B%7B%24secret…`) is sent as it is, never resolved.
   */
  urlValue?: string;
  /** The parameter came from an `a=b&c=d` line (a query string without its host). */
  fromQueryString?: boolean;
  line: number;
  lastLine: number;
  /** Uses of `{{…}}` inside the value. */
  uses: VariableUse[];
}

export interface VariableDef {
  name: string;
  nameSpan: Span;
  value: string;
  valueSpan: Span;
  line: number;
  uses: VariableUse[];
  /** Of an `@endpoints` line: the wikis it names (endpointsList.ts reads them). */
  endpoints?: EndpointsList;
}

/**
 * What an `@endpoints` line names (docs/file-format.md, "Many wikis"); the
 * queries below it run on each of these wikis.
 */
export type EndpointsList =
  /** api.php URLs, separated by blanks or commas. */
  | { kind: 'urls'; items: ValueItem[] }
  /** A file of api.php URLs (one a line, `#` comments), relative to the `.mwq` file's folder. */
  | { kind: 'file'; path: ValueItem }
  /** Wikis of Wikimedia's sitematrix: families (`wikipedia`), hosts, database names, language codes. */
  | { kind: 'wikis'; items: ValueItem[] }
  /** The value has `{{…}}`: read once resolved, when the query runs. */
  | { kind: 'unresolved' };

export interface UrlNode {
  /** The URL before `?`: the API endpoint (of an ApiSandbox link: its wiki's api.php). */
  endpoint: string;
  span: Span;
  line: number;
  /** An ApiSandbox link (apiSandbox.ts): how its endpoint was found. */
  sandbox?: 'index.php' | 'wikimedia' | 'guess';
}

export interface SyntaxProblem {
  message: string;
  span: Span;
}

/** An `@expect` line of a query (docs/expectations.md); its expression is parsed by common/src/expect. */
export interface ExpectNode {
  /** The expression after `@expect`, trimmed ('' when there is none). */
  text: string;
  /** Span of `text` (empty, after `@expect`, when there is none). */
  span: Span;
  /** From `@` to the end of the line's content. */
  lineSpan: Span;
  line: number;
}

/** A query's `@watch PERIOD` line: how often *Watch Query* and `mwq watch` re-run it (docs/running.md). */
export interface WatchNode {
  /** The period after `@watch`, trimmed ('' when there is none); read by common/src/watch/period.ts. */
  text: string;
  /** Span of `text` (empty, after `@watch`, when there is none). */
  span: Span;
  /** From `@` to the end of the line's content. */
  lineSpan: Span;
  line: number;
}

export interface QueryNode {
  /** Text after `###`, trimmed; '' for an unnamed query. */
  name: string;
  /** The `###` line, or undefined for parameters before the first `###`. */
  header?: Span;
  /** From the header (or first parameter) to the end of the query's last line. */
  span: Span;
  firstLine: number;
  lastLine: number;
  params: ParamNode[];
  urls: UrlNode[];
  /** `@expect` lines, in order. */
  expects: ExpectNode[];
  /** Its `@watch` line, if any (one per query). */
  watch?: WatchNode;
  /** Index of the query in the document. */
  index: number;
}

export interface ParsedDocument {
  text: string;
  lines: SourceLine[];
  queries: QueryNode[];
  variables: VariableDef[];
  /** Every `{{…}}` in values and variable definitions, in document order. */
  uses: VariableUse[];
  problems: SyntaxProblem[];
}
