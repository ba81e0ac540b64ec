import { z } from 'zod'
import { channel } from '../define'
import { setId, userText } from './common'
import type { LabelsDto } from '../../model/labels'

/** Most sets one call may name: the bulk bar's own limit is lower. */
const MAX_LABEL_SET_IDS = 50_000

/**
 * Box labels (issue #30 §4): the labels of the copies of a scope, each with its QR drawn. A read:
 * sent twice it answers alike and changes nothing.
 */
export const labelScope = z.union([
  /** Every copy of every owned set. */
  z.object({ scope: z.literal('owned') }).strict(),
  /** The copies of these sets (a selection). */
  z
    .object({
      setIDs: z.array(setId).min(1, 'Choose at least one set.').max(MAX_LABEL_SET_IDS)
    })
    .strict(),
  /** The copies kept at one location and the places inside it, however its path was typed. */
  z
    .object({
      location: userText(200).refine((t) => t.trim() !== '', 'name the location')
    })
    .strict()
])

export type LabelScope = z.input<typeof labelScope>

export const labelsChannels = {
  'labels:list': channel<LabelsDto>()(labelScope)
} as const
