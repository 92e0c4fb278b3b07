// The contract of every rule of one query: what it is given to look at and
// where it reports. Its own module, so that no rule file is the home of it.

import type { QueryNode } from '../../../../common/src/syntaxTree';
import type { VariableScope } from '../../../../common/src/resolve';
import type { Catalogue } from '../catalogue';
import type { QueryContext } from '../queryContext';
import type { Collector } from './collector';

/** What every rule of one query sees. */
export interface QueryCheck {
  readonly ctx: QueryContext;
  readonly catalogue: Catalogue;
  readonly query: QueryNode;
  readonly scope: VariableScope;
  readonly out: Collector;
}
