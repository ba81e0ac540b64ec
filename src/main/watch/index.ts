/** The retirement watch's public face: the composition root imports only what is listed here. */
export { createWatchHandlers } from './watch-handlers'
