// The parameter phrases of the seed's catalogue lines (`name: type, default
// x, max y …`), parsed strictly for scripts/make-catalogue.mjs: every phrase
// must be understood, or the build stops naming the line.
//
//   const { parseParam, splitPhrases } = paramPhrases({ sets, fail, parseBacktickList });

export function paramPhrases({ sets: SETS, fail, parseBacktickList }) {
  const SIMPLE_TYPES = {
    str: 'string',
    int: 'integer',
    bool: 'boolean',
    ts: 'timestamp',
    ns: 'namespace',
    user: 'user',
    title: 'title',
  };
  const NUMERIC_TYPES = new Set(['integer', 'limit', 'namespace']);

  /** Parse one parameter phrase ("`name` type flags..."). ctx.userSubtypes: last user subtypes seen in the module. */
  function parseParam(spec, ctx, where) {
    const err = (msg) => fail(`${where}: ${msg} in ${JSON.stringify(spec)}`);

    if (spec === 'dirA') return { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' };
    if (spec === 'dirN') return { name: 'dir', type: ['newer', 'older'], default: 'older' };

    const head = /^`([a-z0-9-]+)` /.exec(spec) ?? err('no parameter name');
    const p = { name: head[1] };
    let rest = spec.slice(head[0].length);
    const eat = (re) => {
      const m = re.exec(rest);
      if (!m) return null;
      rest = rest.slice(m[0].length);
      return m;
    };

    // --- type
    let m;
    let explicitLimit = false; // "limit ..." written out (its bounds follow)
    if ((m = eat(/^\{([^}]*)\}/))) {
      p.type = m[1] === '' ? [] : m[1].split('|').map((v) => (v === 'empty' ? '' : v));
    } else if ((m = eat(/^(REVPROP|CONTENTFORMATS|GROUPS|PROTOCOLS|RIGHTS-C|RIGHTS)(?![A-Z-])/))) {
      const set = SETS[m[1]];
      p.type = [...set.values];
      if (set.deprecated.length) p.deprecatedvalues = [...set.deprecated];
    } else if ((m = eat(/^L(?=$|[ ,])/))) {
      Object.assign(p, { type: 'limit', default: 10, min: 1, max: 500, highmax: 5000 });
    } else if ((m = eat(/^limit(?=$|[ ,])/))) {
      p.type = 'limit';
      explicitLimit = true;
    } else if ((m = eat(/^(str|int|bool|ts|ns|user|title)(?=$|[ ,])/))) {
      p.type = SIMPLE_TYPES[m[1]];
    } else {
      err('unknown type');
    }

    // --- flags
    for (;;) {
      eat(/^[ ,]+/);
      if (rest === '') break;
      if (eat(/^\[M\*\]/)) {
        p.multi = '';
        p.allspecifier = '*';
      } else if (eat(/^\[M\]/)) {
        p.multi = '';
      } else if (eat(/^=all ten values joined by `\|` in that order/)) {
        if (!Array.isArray(p.type) || p.type.length !== 10) err('"all ten values" needs a ten-value enumeration');
        p.default = p.type.join('|');
      } else if ((m = eat(/^=`([^`]*)`/))) {
        p.default = m[1];
      } else if (eat(/^=empty(?=$|[ ,])/)) {
        p.default = '';
      } else if ((m = eat(/^=([^\s,]+)/))) {
        p.default = m[1];
      } else if (eat(/^ns\+/)) {
        p.extranamespaces = [-2, -1];
      } else if (eat(/^req\b/)) {
        p.required = '';
      } else if (eat(/^dep\b/)) {
        p.deprecated = '';
      } else if (eat(/^sens\b/)) {
        p.sensitive = '';
      } else if (eat(/^duplicates allowed/)) {
        p.allowsduplicates = '';
      } else if ((m = eat(/^values? ((?:`[^`]*`(?:, | and )?)+) deprecated/))) {
        const vals = parseBacktickList(m[1]);
        for (const v of vals) if (!Array.isArray(p.type) || !p.type.includes(v)) err(`deprecated value ${v} not allowed`);
        p.deprecatedvalues = [...(p.deprecatedvalues ?? []), ...vals];
      } else if (eat(/^default is a title with a project prefix \(value omitted\)/)) {
        // The seed leaves this default out; so does the catalogue.
      } else if (p.type === 'limit' && (m = eat(/^default (-?\d+)/))) {
        if (!explicitLimit) err('default on a standard limit');
        p.default = Number(m[1]);
      } else if (p.type === 'limit' && eat(/^no default/)) {
        delete p.default;
      } else if (p.type === 'limit' && eat(/^no highmax/)) {
        delete p.highmax;
      } else if ((m = eat(/^(min|max|highmax) (-?\d+)/))) {
        p[m[1]] = Number(m[2]);
      } else if ((m = eat(/^(?:\(info |info |\()(useronly|nonuseronly|singlepageonly|preloadcontentonly|editintroonly)\)?/))) {
        if (m[0].startsWith('(') !== m[0].endsWith(')')) err('unbalanced parenthesis');
        p.info = [...(p.info ?? []), { name: m[1] }];
      } else if ((m = eat(/^\(modes? ([\d,]+)\)/))) {
        p.info = [...(p.info ?? []), { name: 'modes', values: m[1].split(',').map(Number) }];
      } else if (eat(/^\(same(?: subtypes)?\)/) || eat(/^same subtypes/)) {
        if (!ctx.userSubtypes) err('"same" subtypes with no earlier user parameter');
        p.subtypes = [...ctx.userSubtypes];
      } else if ((m = eat(/^\((?:subtypes? )?((?:name|ip|temp|interwiki|id|cidr)(?:, (?:name|ip|temp|interwiki|id|cidr))*)\)/))) {
        p.subtypes = m[1].split(', ');
      } else {
        err(`cannot read ${JSON.stringify(rest)}`);
      }
    }

    // --- checks and normalisation
    if (p.type === 'user') {
      if (!p.subtypes) err('user parameter without subtypes');
      ctx.userSubtypes = p.subtypes;
    } else if (p.subtypes) err('subtypes on a non-user parameter');
    if (p.type === 'limit' && (p.min === undefined || p.max === undefined)) err('limit without bounds');
    if (p.extranamespaces && p.type !== 'namespace') err('ns+ on a non-namespace parameter');
    if (p.allspecifier && p.multi === undefined) err('allspecifier without multi');
    if (p.default !== undefined && NUMERIC_TYPES.has(p.type) && typeof p.default === 'string') {
      if (!/^-?\d+$/.test(p.default)) err(`non-numeric default ${p.default}`);
      p.default = Number(p.default);
    }
    if (p.default !== undefined && typeof p.default === 'number' && !NUMERIC_TYPES.has(p.type)) {
      p.default = String(p.default);
    }
    if (Array.isArray(p.type) && typeof p.default === 'string' && p.default !== '') {
      for (const v of p.multi !== undefined ? p.default.split('|') : [p.default]) {
        if (!p.type.includes(v)) err(`default value ${JSON.stringify(v)} not in the enumeration`);
      }
    }
    if (p.type === 'boolean' && p.default !== undefined) err('boolean with a default');
    return p;
  }

  /** Split a module's parameter text into phrases. */
  function splitPhrases(body) {
    return body.split('; ');
  }

  return { parseParam, splitPhrases };
}
