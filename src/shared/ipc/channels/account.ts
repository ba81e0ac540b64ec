import { z } from 'zod'
import { channel } from '../define'
import { empty } from './common'
import type { AccountStatus, ConnectionTestDto } from '../../model/account'

const path = z.string().regex(/^\/[A-Za-z0-9._/-]*$/, 'a path starting with /')

export const profileInput = z
  .object({
    baseUrl: z.url({ protocol: /^https?$/ }).max(300),
    apiKey: z.string().trim().min(1).max(200).optional(),
    binding: z.enum(['auto', 'soap11', 'soap12', 'httpGet', 'httpPost']).default('auto'),
    // A path given must be one: absent means the default (JSON cannot carry undefined).
    paths: z
      .object({ v2: path.exactOptional(), v3: path.exactOptional(), legacy: path.exactOptional() })
      .strict()
      .optional()
  })
  .strict()

/**
 * What the settings form holds, to be tried without saving: the typed address and binding, and
 * the typed key (absent: the key saved for that address, if any).
 */
const connectionInput = z
  .object({
    baseUrl: z.url({ protocol: /^https?$/ }).max(300),
    apiKey: z.string().trim().min(1).max(200).optional(),
    binding: z.enum(['auto', 'soap11', 'soap12', 'httpGet', 'httpPost']).default('auto')
  })
  .strict()

export const accountChannels = {
  'account:getStatus': channel<AccountStatus>()(empty),
  'account:saveProfile': channel<AccountStatus>()(profileInput),
  'account:useDemo': channel<AccountStatus>()(empty),
  'account:testConnection': channel<ConnectionTestDto>()(connectionInput),
  /** The password is used once for login and never stored. */
  'account:signIn': channel<AccountStatus>()(
    z
      .object({ username: z.string().trim().min(1).max(100), password: z.string().min(1).max(200) })
      .strict()
  ),
  'account:signOut': channel<AccountStatus>()(empty)
} as const
