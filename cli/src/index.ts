// The `mwq` command (bundled as dist/cli.js). The commands live in ./cli/.

import { main } from './main';
import { EXIT } from './exitCodes';
import { terminalSafe } from './terminal';
import { installTransport } from '../../common/src/runner/transport';
import { nodeTransport } from '../../common/src/runner/nodeTransport';
import { installRegexMatcher } from '../../common/src/expect/boundedRegex';
import { vmMatchAll } from '../../common/src/expect/vmRegex';
import { tuneJitForCli } from './jitTuning';

// The CLI's requests go out on node:http (cookies, keep-alive); its @expect regexes stop at their time limit (vm).
installTransport(nodeTransport);
installRegexMatcher(vmMatchAll);

// V8's tuning for a short, hot process, once the modules are loaded (jitTuning.ts).
tuneJitForCli();

void main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Never a stack trace for the user, and never a library's text that may quote a URL.
    const message =
      error instanceof Error && error.name === 'RunnerError'
        ? error.message
        : `unexpected error (${error instanceof Error ? error.name : typeof error})`;
    process.stderr.write(`mwq: ${terminalSafe(message.slice(0, 2000))}\n`);
    process.exitCode = EXIT.failed;
  },
);
