// The page bench/run.mjs writes: the run (full or quick, load before and
// after, duration), every target of every section in one table, then each
// section's tables in the order of the registry (bench/sections.mjs).

export function mdTable(header, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c ?? '—').replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function textTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c ?? '—')));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

/** A target row: `met` true/false, or undefined when it was not measured. */
export function target(what, value, wanted, met, unit = 'ms', note) {
  return { what, value, target: wanted, met, unit, note };
}

const status = (t) => (t.met === undefined ? 'not measured' : t.met ? 'met' : 'NOT met');

/**
 * The whole report. `run`: { startedAt, finishedAt, durationS, commit, machineLine, loadBefore, loadAfter, quick, partial };
 * `outcomes`: per section of the registry { section, data?, error?, skipped? }.
 */
export function renderReport(run, outcomes, ctx) {
  const targetRows = [];
  const blocks = [];
  for (const o of outcomes) {
    const s = o.section;
    const quickNote = (run.quick && s.quick ? ` (quick run: ${s.quick})` : '') + measuredByNote(run, o);
    if (o.skipped) {
      for (const t of s.targetNames ?? []) targetRows.push([s.name, t, '—', '—', 'not measured', 'skipped (--skip)']);
      blocks.push({ title: `${s.title}${quickNote}`, text: 'Not run in this run (`--skip`).' });
      continue;
    }
    if (o.error) {
      for (const t of s.targetNames ?? [s.title]) targetRows.push([s.name, t, 'failed', '—', 'NOT met', o.error.slice(0, 300)]);
      blocks.push({ title: `${s.title}${quickNote}`, text: `This section failed: ${o.error.slice(0, 2000)}` });
      continue;
    }
    for (const t of s.targets?.(o.data, ctx) ?? [])
      targetRows.push([
        s.name,
        t.what,
        t.value === undefined ? '—' : `${t.value}${t.unit && t.unit !== 'ratio' ? ' ' + t.unit : ''}`,
        t.target,
        status(t),
        t.note ?? '',
      ]);
    const tables = s.render(o.data, ctx);
    tables.forEach((table, i) => blocks.push({ ...table, title: i === 0 ? `${table.title}${quickNote}` : table.title }));
  }
  const targetHeader = ['Section', 'Measure', 'Measured', 'Target', 'Status', 'Notes'];
  const kind = run.quick
    ? '**a quick run** (`npm run bench -- --quick`): the slow sections ran smaller, each says how; their figures are not the targets’ figures'
    : 'a full run (`npm run bench`)';
  const head = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.mjs) on ${run.startedAt.slice(0, 10)}, commit ${run.commit}: ${kind}. How it measures: [bench/README.md](README.md). Raw numbers: \`bench-results/latest.json\` (not committed).`,
    '',
    `**Machine:** ${run.machineLine}.`,
    '',
    `**Load and duration:** /proc/loadavg \`${run.loadBefore}\` before, \`${run.loadAfter}\` after; the run took ${formatDuration(run.durationS)} (${run.startedAt} to ${run.finishedAt}). The machine may be shared with other work: wall-clock numbers are noisy, so medians over many samples are reported, and the two sides of a comparison are interleaved.`,
    '',
    ...(run.updates ?? []).map(
      (u) =>
        `**Measured again later:** ${u.sections.join(', ')}, at commit ${u.commit}${u.quick ? ' (quick)' : ''} on ${u.startedAt.slice(0, 16).replace('T', ' ')}, /proc/loadavg \`${u.loadBefore}\` before, \`${u.loadAfter}\` after, ${formatDuration(u.durationS)} (\`--update\`: those sections' figures replace the whole run's; each says so in its heading).\n`,
    ),
  ];
  const met = targetRows.filter((r) => r[4] === 'met').length;
  const md = [...head, `## Targets: ${met} of ${targetRows.length} met`, '', mdTable(targetHeader, targetRows), ''];
  const text = [`mwquery bench, ${run.startedAt} (${run.commit})${run.quick ? ', quick run' : ''}`, run.machineLine, ''];
  text.push(`Targets: ${met} of ${targetRows.length} met`, textTable(targetHeader, targetRows), '');
  for (const b of blocks) {
    md.push(`## ${b.title}`, '');
    text.push(b.title);
    if (b.text) {
      md.push(b.text, '');
      text.push(b.text);
    }
    if (b.header) {
      md.push(mdTable(b.header, b.rows), '');
      text.push(textTable(b.header, b.rows));
    }
    if (b.after) md.push(b.after, '');
    text.push('');
  }
  return { markdown: md.join('\n'), text: text.join('\n') };
}

/** In a report with later updates, a section measured by one of them says so. */
function measuredByNote(run, o) {
  const u = o.measuredBy;
  if (!u || !run.updates?.length || (u.commit === run.commit && u.startedAt === run.startedAt)) return '';
  return ` (measured again at commit ${u.commit}, ${u.startedAt.slice(0, 10)})`;
}

function formatDuration(s) {
  const m = Math.floor(s / 60);
  return m ? `${m} min ${Math.round(s - m * 60)} s` : `${Math.round(s)} s`;
}
