/** The account feature's public face: other features import only what is listed here. */
export { accountStatus } from './account-handlers'
export {
  SIGN_IN_AGAIN,
  confirmCredentials,
  rejectedCredential,
  rejectionError,
  rejectionOf,
  setRejectedCredential
} from './credential-check'
export type { Profiles, ServicePort } from './profiles'
