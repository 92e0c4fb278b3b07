// The CLI's V8 settings, made when the bundle's modules are loaded and before
// any command runs (index.ts). A run over many small wikis executes a few
// thousand times each the same couple of hundred functions (request, answer,
// merge, write) and then exits. Measured (bench section `many`;
// docs/architecture.md, "Running a query", on many wikis):
// - with V8's default interrupt budget most of the run is over before those
//   functions leave the interpreter; an eighth of it lets V8 optimise them
//   after fewer calls (about 11% off the run over 1,000 wikis);
// - optimising them is work too, done on V8's own threads, which share the
//   machine's cores with everything else (on loopback, the wiki itself): by
//   default TurboFan inlines up to 920 bytes of bytecode into each function
//   it compiles, and the run's compile work took about as much CPU as its
//   main thread. A cap of 300 takes about 6 to 9% off the run over 1,000
//   wikis and costs a 1,000,000-row stream nothing measurable.
// Only the CLI's own process: the extension host and the language server
// keep Node's defaults. Not earlier than that: with the smaller budget V8
// would also optimise the bundle's one-off top-level code, which costs every
// start about 8 ms (`mwq --version`: 84 ms against 75).

import { setFlagsFromString } from 'node:v8';

/** V8's default is 67,584 (Node 20 and 22); an eighth of it. */
const CLI_INTERRUPT_BUDGET = 8192;
/** V8's default is 920 (Node 20's V8 11.3). */
const CLI_INLINED_BYTECODE_CUMULATIVE = 300;

export function tuneJitForCli(): void {
  setFlagsFromString(`--interrupt-budget=${CLI_INTERRUPT_BUDGET}`);
  setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${CLI_INLINED_BYTECODE_CUMULATIVE}`);
}
