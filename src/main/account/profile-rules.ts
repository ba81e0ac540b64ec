import { AppError } from '../../shared/errors'
import { profileInput } from '../../shared/ipc/channels/account'
import type { Binding, ServiceName } from '../../shared/protocol/operations'
import { checkBaseUrl } from '../service/index'

/** What a custom profile stores besides its secrets. */
interface ProfileSettings {
  readonly baseUrl: string
  readonly binding: 'auto' | Binding
  readonly paths: Partial<Record<ServiceName, string>>
}

const settingsSchema = profileInput.omit({ apiKey: true })

const MESSAGES: Readonly<Record<string, string>> = {
  baseUrl: 'The service address is not a valid http(s) URL.',
  binding: 'The connection method is not one Studbook knows.',
  paths: 'A service path must start with / and hold only letters, digits and . _ / -.'
}

/**
 * The one check of a profile's settings, whole: the shape the settings form may send and the
 * address policy the client enforces (https, or http on loopback; no user name, query or
 * fragment). A save runs it before writing anything; start-up runs it on the stored profile and,
 * if it fails, keeps the app running on a client that answers with the reason.
 */
export function checkProfileSettings(input: unknown): ProfileSettings {
  const parsed = settingsSchema.safeParse(input)
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'baseUrl')
    throw new AppError('invalid_input', MESSAGES[field] ?? 'The service settings are not valid.', {
      field
    })
  }
  const { baseUrl, binding, paths } = parsed.data
  checkBaseUrl(baseUrl)
  return { baseUrl, binding, paths: paths ?? {} }
}

/** Why stored settings cannot be used, or null when they can. */
export function settingsProblem(settings: unknown): AppError | null {
  try {
    checkProfileSettings(settings)
    return null
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
}
