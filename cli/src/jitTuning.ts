// The CLI's one V8 setting, made when the bundle's modules are loaded and
// before any command runs (index.ts). A run over many small wikis executes a few thousand
// times each the same couple of hundred functions (request, answer, merge,
// write) and then exits: with V8's default budget most of the run is over
// before those functions leave the interpreter. A smaller interrupt budget
// lets V8 optimise them after fewer calls. Measured (bench section `many`,
// docs/performance.md): the run over 1,000 wikis takes about 11% less time;
// its steady state (the second thousand wikis of 2,000) is unchanged. Only
// the CLI's own process: the extension host and the language server keep
// Node's defaults. Not earlier than that: with the smaller budget V8 would
// also optimise the bundle's one-off top-level code, which costs every start
// about 8 ms (`mwq --version`: 84 ms against 75).

import { setFlagsFromString } from 'node:v8';

/** V8's default is 67,584 (Node 20 and 22); an eighth of it. */
const CLI_INTERRUPT_BUDGET = 8192;

export function tuneJitForCli(): void {
  setFlagsFromString(`--interrupt-budget=${CLI_INTERRUPT_BUDGET}`);
}
