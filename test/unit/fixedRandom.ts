// fast-check runs that are the same every time: a fixed start for its random
// generator (the one place that names fast-check's option for it), and how
// many cases to run. MWQ_FUZZ_SEED and MWQ_FUZZ_RUNS override them for a
// longer or different run.

import type * as fc from 'fast-check';

export function fixedRandom<T = unknown>(start: number, numRuns: number): fc.Parameters<T> {
  return { seed: start, numRuns };
}
