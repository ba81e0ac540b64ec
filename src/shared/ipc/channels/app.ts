import { z } from 'zod'
import { channel } from '../define'
import type { AppInfo } from '../../model/app'

export const appChannels = {
  'app:getInfo': channel<AppInfo>()(z.object({}).strict())
} as const
