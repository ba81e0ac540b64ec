/** The catalogue feature's public face: other features import only what is listed here. */
export {
  catalogueSetIds,
  countSets,
  hasSubthemesAndYears,
  replaceSubthemes,
  replaceThemes,
  replaceYears,
  setsByNumber,
  themeNames
} from './catalogue-repo'
export { mediaPath, syncStateOf, userStateOf } from './set-rows'
export { countSearchKept } from './search-repo'
export type { Counted } from './search-repo'
export { queryCondition } from './search-filters'
export { parseScanCode } from './scan-code'
export { setSummary, setsByCode } from './scan-lookup-repo'
export { NEVER_UPDATED, upsertSets } from './sets-repo'
export type { CatalogueSetInput } from './sets-repo'
export { listConditions, replaceConditions } from './catalogue-repo'
export {
  MINIFIG_NUMBER,
  minifigMediaPath,
  nextMinifigPull,
  sweepMinifigPull,
  writeMinifigPage
} from './minifigs-repo'
export type { CatalogueMinifigInput } from './minifigs-repo'
export { pageWithSetNames, setWords, setsNamedByNumber } from './set-names-repo'
export type { SetStateSql } from './set-state-port'
