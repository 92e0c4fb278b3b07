// Markdown descriptions of modules, parameters and values, shared by hover and
// the completion detail pane. Every name and text from a catalogue or a file
// goes in through markdownText.ts (escaped, or as code; links only to the
// catalogue's own wiki).

import { actionMarks, moduleRole, type Catalogue, type HelpExample, type ModuleInfo, type ParamInfo } from './catalogue';
import { writeRefusal } from '../../../common/src/apiActions';
import type { ResolvedParam } from './queryContext';
import { exampleMarkdown, helpMarkdown, valueHelp } from './helpText';
import { linkHostOf, mdCode, mdLink, mdText } from './markdownText';
import { pushAll } from '../../../common/src/arrays';

/** The command that fetches the wiki's catalogue (package.json), for the notes below. */
const REFRESH_COMMAND = '**MediaWiki Query: Refresh Catalogue of This Wiki**';
const MODULE_EXAMPLES = 3;
const PARAM_EXAMPLES = 2;

const INFO_TEXT: Record<string, string> = {
  useronly: "only with the module's `user` parameter",
  nonuseronly: "only without the module's `user` parameter",
  singlepageonly: 'only when the query names a single page',
  preloadcontentonly: 'only with `prop=preloadcontent`',
  editintroonly: 'only with `prop=editintro`',
};

const code = mdCode;

/** One line of plain text (a completion item's detail, not Markdown). */
export function moduleSummary(module: ModuleInfo): string {
  const parts = [`${moduleRole(module)} module`];
  if (module.prefix) parts.push(`prefix ${module.prefix}`);
  if (module.generator) parts.push('generator');
  if (module.deprecated) parts.push('deprecated');
  return parts.join(' · ');
}

/**
 * What the hover says when a module or parameter has no help text: the bundled
 * catalogue has none (the wiki's own catalogue does); a wiki's catalogue cached
 * before help texts were fetched has none until it is fetched again.
 */
export function missingHelpNote(catalogue: Catalogue | undefined): string | undefined {
  if (!catalogue || catalogue.hasHelpTexts) return undefined;
  if (catalogue.origin === 'bundled') {
    return `_The bundled catalogue has no descriptions: they appear once the wiki's own catalogue is fetched (give the file an \`@endpoint\`, or run ${REFRESH_COMMAND})._`;
  }
  return `_This catalogue was fetched without descriptions: run ${REFRESH_COMMAND} to fetch them._`;
}

/** The wiki's help text as Markdown paragraphs, or the note that says why there is none. */
function descriptionLines(description: string | undefined, catalogue: Catalogue | undefined, noteMissing: boolean): string[] {
  const text = description === undefined ? (noteMissing ? missingHelpNote(catalogue) : undefined) : helpMarkdown(description);
  return text ? [text, ''] : [];
}

function exampleLines(examples: readonly HelpExample[], max: number): string[] {
  if (!examples.length) return [];
  const shown = examples.slice(0, max);
  return [shown.length > 1 ? 'Examples:' : 'Example:', '', ...shown.map((e) => `- ${exampleMarkdown(e)}`), ''];
}

/** `catalogue`: its origin decides where help links may point (markdownText.ts linkHostOf); none: no links. */
/**
 * `noteMissing`: say why there is no description (hover); completion items
 * leave the note out, as it would repeat on every item of every list.
 */
export function describeModule(module: ModuleInfo, catalogue?: Catalogue, noteMissing = true): string {
  const linkHost = catalogue ? linkHostOf(catalogue.origin) : undefined;
  const summary = [`${mdText(moduleRole(module))} module`];
  if (module.prefix) summary.push(`prefix ${code(module.prefix)}`);
  if (module.generator) summary.push('generator');
  if (module.deprecated) summary.push('deprecated');
  const lines = [`**${mdText(module.name)}** — ${summary.join(' · ')}`, ''];
  if (module.deprecated) lines.push('⚠️ **Deprecated.**', '');
  pushAll(lines, descriptionLines(module.description, catalogue, noteMissing));
  pushAll(lines, exampleLines(module.examples, MODULE_EXAMPLES));
  const refusal = module.isAction ? writeRefusal(module.name, actionMarks(module)) : undefined;
  if (refusal) lines.push(`**Never sent:** ${mdText(refusal)}.`, '');
  const use = [`${code(`${moduleRole(module)}=${module.name}`)}${module.prefix ? ` with parameters ${code(`${module.prefix}…`)}` : ''}`];
  if (module.generator) use.push(`${code(`generator=${module.name}`)} with parameters ${code(`g${module.prefix}…`)}`);
  lines.push(`Use: ${use.join('; or ')}.`, '');
  const source = module.sourceName ?? module.source;
  if (source) lines.push(`Source: ${mdText(source)}${module.licenseTag ? ` · Licence: ${mdText(module.licenseTag)}` : ''}`, '');
  if (!module.readRights && module.group) lines.push('Needs no read right.', '');
  const params = module.params.map((p) => (p.deprecated ? `~~${code(module.prefix + p.name)}~~` : code(module.prefix + p.name)));
  for (const t of module.templatedParams) params.push(code(module.prefix + t.name));
  if (params.length) lines.push(`Parameters: ${params.join(', ')}`, '');
  for (const url of module.helpUrls) lines.push(mdLink('Help', url, linkHost), '');
  return lines.join('\n').trim();
}

/** One line: type, default and range, for completion details. */
export function paramSummary(param: ParamInfo): string {
  const parts = [typeName(param)];
  if (param.default !== undefined) parts.push(`default ${param.default === '' ? '(empty)' : param.default}`);
  if (param.min !== undefined || param.max !== undefined) parts.push(`${param.min ?? '…'}–${param.max ?? '…'}`);
  if (param.required) parts.push('required');
  if (param.deprecated) parts.push('deprecated');
  return parts.join(' · ');
}

function typeName(param: ParamInfo): string {
  const base = param.type === 'enum' ? 'one of ' + (param.values?.length ?? 0) + ' values' : param.type;
  return param.multi ? `${base}, multi-valued` : base;
}

export function describeParam(fullName: string, param: ParamInfo, owner: string, catalogue?: Catalogue, noteMissing = true): string {
  const lines = [`**${mdText(fullName)}** — ${owner}`, ''];
  if (param.deprecated) lines.push('⚠️ **Deprecated.**', '');
  if (param.required) lines.push('**Required.**', '');
  if (param.sensitive) lines.push('🔒 **Sensitive**: keep it out of the file with `{{$secret NAME}}`.', '');
  pushAll(lines, descriptionLines(param.description, catalogue, noteMissing));
  const facts: string[] = [`Type: ${param.type === 'enum' ? 'enumeration' : param.type}`];
  if (param.subtypes?.length) facts.push(`Accepts: ${param.subtypes.map(mdText).join(', ')}`);
  if (param.default !== undefined) facts.push(`Default: ${code(param.default)}`);
  if (param.type === 'limit') {
    facts.push(
      `Range: ${param.min ?? 1}–${param.max ?? '…'}${param.highmax !== undefined ? ` (${param.highmax} with apihighlimits)` : ''}; \`max\` for the most allowed`,
    );
  } else if (param.min !== undefined || param.max !== undefined) {
    facts.push(`Range: ${param.min ?? '…'}–${param.max ?? '…'}`);
  }
  if (param.multi) {
    facts.push(
      `Multi-valued: up to ${param.maxValues ?? 50} values${param.highMaxValues ? ` (${param.highMaxValues} with apihighlimits)` : ''}, separated by \`|\``,
    );
    if (param.allSpecifier) facts.push(`${code(param.allSpecifier)} stands for all values`);
    if (param.allowsDuplicates) facts.push('The same value may be given twice');
  }
  if (param.type === 'boolean') facts.push('A flag: present means true, whatever its value; leave it out for false');
  if (param.extraNamespaces.length) facts.push(`Also accepts namespaces ${param.extraNamespaces.map((n) => mdText(String(n))).join(', ')}`);
  for (const f of facts) lines.push(`- ${f}`);
  lines.push('');
  if (param.type === 'enum' && param.values) {
    const values = param.values.map((v) => (param.deprecatedValues.has(v) ? `~~${code(v)}~~` : code(v)));
    lines.push(`Values: ${values.join(', ')}`, '');
  }
  if (param.type === 'namespace' && catalogue) {
    lines.push(
      `Namespaces: ${catalogue.namespaces
        .filter((n) => n.id >= 0)
        .map((n) => `${n.id} ${mdText(n.name)}`)
        .join(', ')}`,
      '',
    );
  }
  for (const condition of param.info) {
    if (condition.name === 'modes')
      lines.push(
        `Applies only in mode ${(condition.values ?? []).map((v) => mdText(String(v))).join(', ')} (1: given pages, 2: a user, 3: all).`,
      );
    else
      lines.push(
        `Applies ${(Object.hasOwn(INFO_TEXT, condition.name) ? INFO_TEXT[condition.name] : undefined) ?? `only under condition ${code(condition.name)}`}.`,
      );
  }
  lines.push('');
  pushAll(lines, exampleLines(param.examples ?? [], PARAM_EXAMPLES));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function ownerOf(resolved: ResolvedParam): string {
  if (!resolved.module) return 'parameter of the API itself (`main` / `query`)';
  const slot = resolved.asGenerator ? 'generator' : moduleRole(resolved.module);
  return `parameter of ${code(`${slot}=${resolved.module.name}`)}`;
}

export function describeValue(value: string, fullName: string, param: ParamInfo): string {
  const lines = [`${code(value)} — value of ${code(fullName)}`];
  const help = valueHelp(param, value);
  if (help) lines.push('', help);
  if (param.deprecatedValues.has(value)) lines.push('', '⚠️ **Deprecated value.**');
  if (param.default !== undefined && param.default.split('|').includes(value)) lines.push('', 'Part of the default.');
  return lines.join('\n');
}
