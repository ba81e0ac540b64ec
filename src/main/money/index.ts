/** The money view's public face: the composition root imports only what is listed here. */
export { createMoneyHandlers } from './money-handlers'
export { createMoneySchedule } from './money-schedule'
export { snapshotAfterImport, snapshotAfterSync } from './money-hooks'
