/** The collection doctor's public face: the composition root imports only what is listed here. */
export { createDoctorHandlers } from './doctor-handlers'
export type { DoctorHandlers } from './doctor-handlers'
export { followDoctorTotal } from './doctor-total'
