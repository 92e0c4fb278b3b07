// fast-check runs that are the same every time: its random generator
// (xorshift128plus, fast-check's default kind) always starts from the given
// number, and how many cases to run. MWQ_FUZZ_SEED and MWQ_FUZZ_RUNS override
// them for a longer or different run.

import type * as fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';

export function fixedRandom<T = unknown>(start: number, numRuns: number): fc.Parameters<T> {
  return { randomType: () => xorshift128plus(start), numRuns };
}
