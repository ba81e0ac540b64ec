/** The saved-views feature's public face: other features import only what is listed here. */
export { createViewsHandlers } from './views-handlers'
export { mergeViews, planViewMerge, portableViews } from './views-merge'
export type { PortableView, ViewMerge } from './views-merge'
