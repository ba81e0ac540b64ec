import { z } from 'zod'
import { channel } from '../define'
import { empty } from './common'
import type {
  JournalEntryDto,
  JournalNextDto,
  OutboxItemDto,
  SyncStatus,
  UndoResultDto
} from '../../model/sync'

const outboxId = z.object({ id: z.number().int().positive() }).strict()
/**
 * The entry the user saw as the one to undo or redo: main replays it only while it still is, so a
 * repeated request (a second press, a second window) never replays an entry behind it.
 */
const journalStep = z.object({ entryId: z.number().int().positive().optional() }).strict()

export const syncChannels = {
  'sync:getStatus': channel<SyncStatus>()(empty),
  'sync:start': channel<SyncStatus>()(z.object({ full: z.boolean().default(false) }).strict()),
  'sync:cancel': channel<SyncStatus>()(empty),
  'outbox:list': channel<OutboxItemDto[]>()(empty),
  'outbox:retry': channel<OutboxItemDto[]>()(outboxId),
  'outbox:discard': channel<OutboxItemDto[]>()(outboxId),
  'outbox:resolveConflict': channel<OutboxItemDto[]>()(
    z.object({ id: z.number().int().positive(), keep: z.enum(['mine', 'theirs']) }).strict()
  ),
  'journal:list': channel<JournalEntryDto[]>()(
    z.object({ limit: z.number().int().min(1).max(500).default(100) }).strict()
  ),
  'journal:next': channel<JournalNextDto>()(empty),
  'journal:undo': channel<UndoResultDto>()(journalStep),
  'journal:redo': channel<UndoResultDto>()(journalStep)
} as const
