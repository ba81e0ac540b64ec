// The exchange handlers live in src/main/exchange/ with the formats they serve.
export { createExchangeHandlers } from '../exchange/handlers'
export type { ExchangeHandlers } from '../exchange/handlers'
export type { DataFolderPort, ExchangeDeps } from '../exchange/deps'
