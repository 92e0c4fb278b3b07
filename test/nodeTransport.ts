// Tests run the runner in this Node process, as the CLI and the desktop
// extension do: they install the Node transport (transport.ts) the way those
// entry points do. Imported for its effect by test helpers and tests that send.

import { installTransport } from '../common/src/runner/transport';
import { nodeTransport } from '../common/src/runner/nodeTransport';
import { installRegexMatcher } from '../common/src/expect/boundedRegex';
import { vmMatchAll } from '../common/src/expect/vmRegex';

installTransport(nodeTransport);
// And the bounded matcher of @expect regexes, as those entry points install it.
installRegexMatcher(vmMatchAll);
