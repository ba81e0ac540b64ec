import type { PaperSize } from './report'

/**
 * Issue #30 §4: the label sheets box labels print on, and where each label of a run falls. Two
 * common, documented layouts (sources and figures in docs/features.md, "Box labels"): one A4, one
 * US Letter. Every figure is in millimetres from the page's top-left corner.
 */
export const LABEL_SHEET_IDS = ['L7160', '5160'] as const
export type LabelSheetId = (typeof LABEL_SHEET_IDS)[number]

interface LabelSheetSpec {
  readonly id: LabelSheetId
  /** What the screen calls it. */
  readonly name: string
  readonly paper: PaperSize
  readonly pageWidth: number
  readonly pageHeight: number
  readonly columns: number
  readonly rows: number
  readonly labelWidth: number
  readonly labelHeight: number
  /** Page edge to the first label's edge. */
  readonly top: number
  readonly left: number
  /** From one label's left (top) edge to the next one's: size plus gap. */
  readonly pitchX: number
  readonly pitchY: number
}

const INCH = 25.4

export const LABEL_SHEETS: Readonly<Record<LabelSheetId, LabelSheetSpec>> = {
  // Avery L7160 (and its J8160 inkjet twin): 3 × 7 labels of 63.5 × 38.1 mm on A4.
  L7160: {
    id: 'L7160',
    name: 'A4, 21 labels 63.5 × 38.1 mm (Avery L7160)',
    paper: 'A4',
    pageWidth: 210,
    pageHeight: 297,
    columns: 3,
    rows: 7,
    labelWidth: 63.5,
    labelHeight: 38.1,
    top: 15.15,
    left: 7.25,
    pitchX: 66.04,
    pitchY: 38.1
  },
  // Avery 5160 (and 8160): 3 × 10 labels of 2 5/8 × 1 inch on US Letter.
  '5160': {
    id: '5160',
    name: 'Letter, 30 labels 2⅝ × 1 in (Avery 5160)',
    paper: 'Letter',
    pageWidth: 8.5 * INCH,
    pageHeight: 11 * INCH,
    columns: 3,
    rows: 10,
    labelWidth: 2.625 * INCH,
    labelHeight: 1 * INCH,
    top: 0.5 * INCH,
    left: 0.1875 * INCH,
    pitchX: 2.75 * INCH,
    pitchY: 1 * INCH
  }
}

/**
 * What a printer cannot reach: most laser and inkjet printers leave about 4 mm at each edge
 * unprinted. A label's content stays inside its label and inside this margin.
 */
export const PRINTER_MARGIN_MM = 4
/** Space kept clear inside each label's edge, so a label cut a little off still shows everything. */
export const LABEL_PADDING_MM = 2

export function labelsPerSheet(sheet: LabelSheetSpec): number {
  return sheet.columns * sheet.rows
}

/** One label's place: page (from 0), slot on that page (from 0, row by row), its top-left corner. */
interface LabelPlace {
  readonly page: number
  readonly slot: number
  readonly x: number
  readonly y: number
}

/** The top-left corner of a slot (0 … columns × rows − 1, row by row) on its page. */
function slotOrigin(sheet: LabelSheetSpec, slot: number): { x: number; y: number } {
  const row = Math.floor(slot / sheet.columns)
  const col = slot % sheet.columns
  return { x: sheet.left + col * sheet.pitchX, y: sheet.top + row * sheet.pitchY }
}

/**
 * The first position a run may start at on a sheet partly used already: 1 is the top-left label,
 * counting row by row. Anything not a whole number in range means 1.
 */
function clampStart(sheet: LabelSheetSpec, start: number): number {
  return Number.isInteger(start) && start >= 1 && start <= labelsPerSheet(sheet) ? start : 1
}

/**
 * Where each of `count` labels goes, in order, starting at position `start` of the first sheet;
 * later sheets start at their first label. Pure arithmetic: 2,000 places cost microseconds.
 */
export function layoutLabels(sheet: LabelSheetSpec, count: number, start = 1): LabelPlace[] {
  const per = labelsPerSheet(sheet)
  const first = clampStart(sheet, start) - 1
  const places: LabelPlace[] = []
  for (let i = 0; i < count; i++) {
    const n = first + i
    const slot = n % per
    places.push({ page: Math.floor(n / per), slot, ...slotOrigin(sheet, slot) })
  }
  return places
}

/** How many pages `count` labels take from position `start`. */
export function sheetCount(sheet: LabelSheetSpec, count: number, start = 1): number {
  if (count <= 0) return 0
  return Math.ceil((clampStart(sheet, start) - 1 + count) / labelsPerSheet(sheet))
}
