import { z } from 'zod'
import { channel } from '../define'
import { empty } from './common'
import type { AppInfo, StartState, UpdateChecksDto } from '../../model/app'

const backupFileName = z
  .string()
  .max(120)
  .regex(/^studbook-[a-z-]+-[0-9T+-]+\.studbook$/, 'a backup listed by the start state')

export const appChannels = {
  'app:getInfo': channel<AppInfo>()(z.object({}).strict()),
  /** Settings › Updates: whether the packaged app checks for updates by itself. */
  'app:getUpdateChecks': channel<UpdateChecksDto>()(empty),
  'app:setUpdateChecks': channel<UpdateChecksDto>()(z.object({ enabled: z.boolean() }).strict()),
  /** Whether the data file opened intact, or which recovery the user must choose first. */
  'app:getStartState': channel<StartState>()(empty),
  /** For a damaged data file: restore a listed backup, or start fresh; either keeps the file. */
  'app:recover': channel<StartState>()(
    z.discriminatedUnion('choice', [
      z.object({ choice: z.literal('restore'), backup: backupFileName }).strict(),
      z.object({ choice: z.literal('fresh') }).strict()
    ])
  )
} as const
