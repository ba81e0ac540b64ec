import type { ExportFormat } from '../../shared/model/exchange'
import { brickEconomyCsv } from './brickeconomy'
import { bricklinkXml } from './bricklink'
import type { BricklinkRemarks } from './bricklink'
import { bricksetCsv } from './brickset'
import type { ExportCollection, ExportFile } from './export-types'
import { rebrickableCsv } from './rebrickable'
import { studbookCsv } from './studbook-full'

export type { ExportCollection, ExportSet } from './export-types'

/**
 * One export file from the collection. The spreadsheet files (our full export, Brickset's layout)
 * take a byte order mark when asked; files for a site's importer never carry one.
 */
export function buildExport(
  format: ExportFormat,
  collection: ExportCollection,
  options: { bom?: boolean; date: string; remarks?: BricklinkRemarks }
): ExportFile {
  const bom = options.bom === true
  const csv = (name: string, file: { content: string; rows: number }): ExportFile => ({
    filename: `${name}-${options.date}.csv`,
    mime: 'text/csv',
    ...file
  })
  switch (format) {
    case 'studbook':
      return csv('studbook-collection', studbookCsv(collection, bom))
    case 'collection':
      return csv('Brickset-Sets', bricksetCsv(collection, bom))
    case 'rebrickable':
      return csv('rebrickable-sets', rebrickableCsv(collection))
    case 'brickeconomy':
      return csv('brickeconomy-collection', brickEconomyCsv(collection))
    case 'bricklink':
      return {
        filename: `bricklink-wanted-${options.date}.xml`,
        mime: 'application/xml',
        ...bricklinkXml(collection, options.remarks ?? 'none')
      }
  }
}
