// `--update BASE.json`: sections re-measured after a whole run are put into
// that run's report, so RESULTS.md stays whole (every section, every target)
// while saying which run measured each section: the whole run's commit, load
// and duration in the head, and a line per later run naming its sections,
// commit, load and duration. A section the later run measured replaces the
// base's; the rest keep the base's figures.

import * as fs from 'node:fs';

const RUN_FIELDS = ['startedAt', 'finishedAt', 'durationS', 'commit', 'quick', 'loadBefore', 'loadAfter', 'machineLine'];

/** The later run's summary line: which sections, when, on what, under what load. */
export function updateSummary(run, names) {
  return { sections: names, ...Object.fromEntries(RUN_FIELDS.map((k) => [k, run[k]])) };
}

/**
 * Merges this run's outcomes into the base run's JSON (bench-results/*.json of
 * a whole run, or of an earlier update): returns the run to report (the
 * base's, with `updates`), the outcomes for every section and the JSON to
 * store, which can be the base of a further update.
 */
export function mergeIntoBase(basePath, run, outcomes, json) {
  const base = JSON.parse(fs.readFileSync(basePath, 'utf8'));
  if (base.options?.only?.length || base.options?.skip?.length)
    throw new Error(`${basePath} is a partial run; --update needs a whole run (or an update of one) as its base`);
  const measured = outcomes.filter((o) => !o.skipped).map((o) => o.section.name);
  const update = updateSummary(run, measured);
  const merged = outcomes.map((o) => {
    if (!o.skipped) return { ...o, measuredBy: update };
    const data = base.sections?.[o.section.name];
    if (!data || data.skipped) return o;
    if (data.error) return { section: o.section, error: data.error };
    return { section: o.section, data, measuredBy: base.sectionRuns?.[o.section.name] };
  });
  const baseRun = { ...Object.fromEntries(RUN_FIELDS.map((k) => [k, base[k]])), updates: [...(base.updates ?? []), update] };
  const sectionRuns = { ...(base.sectionRuns ?? {}) };
  for (const name of measured) sectionRuns[name] = update;
  const mergedJson = {
    ...base,
    updates: baseRun.updates,
    sectionRuns,
    sections: { ...base.sections, ...json.sections },
  };
  for (const name of Object.keys(json.sections)) if (!measured.includes(name)) mergedJson.sections[name] = base.sections?.[name];
  return { run: baseRun, outcomes: merged, json: mergedJson };
}
