// A JSON Schema for the peer, generated from the same catalogue as the
// language server's: what a user could write today instead of a `.mwq` file
// (an array of `{ "name": ..., "params": { "list": "allpages", ... } }` checked
// by any JSON editor).
//
// It is meant to be an honest schema, as strict as JSON Schema reasonably gets:
// - `list`, `prop`, `meta`: the module names (an `enum` for one value, a
//   pattern for `a|b`); `generator`: the generator-capable modules;
// - per module, an `if` (the module is named in its group) / `then` (its
//   parameters, with its prefix, or `g` + prefix for the generator; required
//   ones in `required`) branch;
// - `unevaluatedProperties: false` on the params object, so a parameter of no
//   module in the query is reported ("Property aplimit is not allowed");
// - value types: single-valued enumerations as `enum`; multi-valued ones as
//   `enum` (one value) or a `|`-joined pattern; limits as `max` or digits;
//   integers, timestamps and namespaces as patterns; booleans as `true`;
//   deprecated modules and parameters with `deprecated`; a description with
//   type, default and range on every parameter (for hover).
// What it cannot say: ranges of limits, `info` conditions, `show` conflicts,
// multi-value counts, anything across parameters beyond module membership.

const MODULE_GROUPS = ['list', 'prop', 'meta'];

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function alternatives(values) {
  return values.map(escapeRegex).join('|');
}

function describe(moduleName, full, p) {
  const bits = [`${full} (${moduleName})`];
  const type = Array.isArray(p.type) ? `one of ${p.type.join(', ')}` : p.type;
  bits.push(`Type: ${type}${p.multi !== undefined ? ', multiple values separated by |' : ''}.`);
  if (p.default !== undefined && p.default !== '') bits.push(`Default: ${p.default}.`);
  if (p.min !== undefined || p.max !== undefined)
    bits.push(`Range: ${p.min ?? '…'}–${p.max ?? '…'}${p.highmax ? ` (${p.highmax} for bots)` : ''}.`);
  if (p.required !== undefined) bits.push('Required.');
  return bits.join(' ');
}

const NAMESPACES = Array.from({ length: 16 }, (_, i) => String(i));
const TIMESTAMP =
  '(now|[0-9]{14}|[0-9]{1,10}|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:?[0-9]{2})?)';

/** The schema of one parameter's value. */
function valueSchema(moduleName, full, p) {
  const multi = p.multi !== undefined;
  const s = { description: describe(moduleName, full, p) };
  if (p.deprecated !== undefined) s.deprecated = true;
  const listOf = (alt) => `^(${alt})(\\|(${alt}))*$`;
  if (Array.isArray(p.type)) {
    const values = p.allspecifier !== undefined ? [...p.type, '*'] : p.type;
    if (!multi) return { ...s, enum: values };
    return { ...s, type: 'string', anyOf: [{ enum: values }, { pattern: listOf(alternatives(values)) }] };
  }
  switch (p.type) {
    case 'boolean':
      return { ...s, type: 'boolean', const: true };
    case 'limit':
      return { ...s, type: 'string', pattern: '^(max|[0-9]+)$', examples: ['max', String(p.default ?? 10)] };
    case 'integer':
      return { ...s, type: 'string', pattern: multi ? listOf('-?[0-9]+') : '^-?[0-9]+$' };
    case 'timestamp':
      return { ...s, type: 'string', pattern: multi ? listOf(TIMESTAMP) : `^${TIMESTAMP}$` };
    case 'namespace': {
      const values = [...NAMESPACES, ...(p.extranamespaces ?? []).map(String), ...(p.allspecifier !== undefined ? ['*'] : [])];
      if (!multi) return { ...s, enum: values };
      return { ...s, type: 'string', anyOf: [{ enum: values }, { pattern: listOf(alternatives(values)) }] };
    }
    default:
      return { ...s, type: 'string' };
  }
}

function paramsOf(module, prefix) {
  const properties = {};
  const patternProperties = {};
  const required = [];
  for (const p of module.parameters) {
    const full = prefix + p.name;
    properties[full] = valueSchema(module.name, full, p);
    if (p.required !== undefined) required.push(full);
  }
  for (const t of module.templatedparameters ?? []) {
    // contentformat-{slot} -> rvcontentformat-<any slot>
    const pattern = '^' + escapeRegex(prefix + t.name).replace(/\\\{[a-z]+\\\}/g, '.+') + '$';
    patternProperties[pattern] = valueSchema(module.name, prefix + t.name, t);
  }
  const out = { properties };
  if (Object.keys(patternProperties).length) out.patternProperties = patternProperties;
  if (required.length) out.required = required;
  return out;
}

export function buildSchema({ modules, main, query }) {
  const base = {};
  for (const m of [main, query]) {
    for (const p of m.parameters) {
      if (m === main && p.name === 'action') continue;
      base[p.name] = valueSchema(m.name, p.name, p);
    }
  }
  base.action = { enum: ['query'], description: 'action=query is implied.' };
  for (const group of MODULE_GROUPS) {
    const names = modules.filter((m) => m.group === group).map((m) => m.name);
    base[group] = {
      description: `${group} modules, separated by |.`,
      type: 'string',
      anyOf: [{ enum: names }, { pattern: `^(${alternatives(names)})(\\|(${alternatives(names)}))*$` }],
    };
  }
  const generators = modules.filter((m) => m.generator !== undefined).map((m) => m.name);
  base.generator = { description: 'A module whose pages feed the prop modules.', enum: generators };

  const branches = [];
  for (const m of modules) {
    const own = `(^|\\|)${escapeRegex(m.name)}(\\||$)`;
    const then = paramsOf(m, m.prefix);
    if (m.deprecated !== undefined) then.properties[m.group] = { deprecated: true };
    branches.push({ if: { properties: { [m.group]: { pattern: own } }, required: [m.group] }, then });
    if (m.generator !== undefined) {
      branches.push({ if: { properties: { generator: { const: m.name } }, required: ['generator'] }, then: paramsOf(m, 'g' + m.prefix) });
    }
  }
  return {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    $id: 'mwq://bench/query-files.schema.json',
    title: 'MediaWiki API queries',
    type: 'array',
    items: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The query name.' },
        params: { $ref: '#/$defs/params' },
      },
      required: ['params'],
      additionalProperties: false,
    },
    $defs: {
      params: {
        type: 'object',
        properties: base,
        allOf: branches,
        unevaluatedProperties: false,
      },
    },
  };
}
