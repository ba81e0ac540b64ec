/** The box labels' public face: the composition root imports only what is listed here. */
export { createLabelsHandlers } from './labels-handlers'
