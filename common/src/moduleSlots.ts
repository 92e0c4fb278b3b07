// The parameters of `action=query` that name modules: the groups (`list`,
// `prop`, `meta`) and the generator. One list for the parser's users, the
// language service, the runner's messages and the editor.

export type ModuleGroup = 'list' | 'prop' | 'meta';
export type ModuleSlot = ModuleGroup | 'generator';

export const MODULE_GROUPS: readonly ModuleGroup[] = ['list', 'prop', 'meta'];
export const MODULE_SLOTS: readonly ModuleSlot[] = [...MODULE_GROUPS, 'generator'];

/** `list`, `prop` or `meta`. */
export function isModuleGroup(name: string): name is ModuleGroup {
  return (MODULE_GROUPS as readonly string[]).includes(name);
}

/** `list`, `prop`, `meta` or `generator`. */
export function isModuleSlot(name: string): name is ModuleSlot {
  return (MODULE_SLOTS as readonly string[]).includes(name);
}

/** The parameters of `action=query` that name pages directly (one way each; one limit of values, the catalogue's). */
export const PAGE_LISTS: readonly string[] = ['titles', 'pageids', 'revids'];
