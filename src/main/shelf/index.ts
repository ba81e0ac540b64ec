/** The shelf audit's public face: other features and the composition root import only this. */
export { copiesAt } from './locations'
export { createShelfHandlers } from './shelf-handlers'
export type { ShelfHandlers } from './shelf-handlers'
