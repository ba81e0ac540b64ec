import type { RecordDef, RecordValue, XsdType } from './xsd'

/**
 * Production's placeholder for a value nobody entered (v3 text fields): unknown, stored as empty.
 * Here, not beside the v3 schemas, so the demo service that writes it does not build them.
 */
export const NOT_SPECIFIED = '{Not specified}'

/**
 * The record tables of the service interface and docs/protocol.md. Field order is wire order; every encoder and decoder
 * (client, reference service, WSDL) is driven by these tables and nothing else.
 */

// v2 record fields: strings are optional, value types required (the production WSDL's rule).
function v2<const N extends string, const T extends XsdType>(
  name: N,
  type: T
): { name: N; type: T; required: T extends 'string' ? false : true } {
  return { name, type, required: (type !== 'string') as T extends 'string' ? false : true }
}

const SETS = {
  element: 'sets',
  arrayType: 'ArrayOfSets',
  fields: [
    { ...v2('setID', 'int'), min: 1 },
    v2('number', 'string'),
    v2('numberVariant', 'int'),
    v2('name', 'string'),
    v2('year', 'string'),
    v2('theme', 'string'),
    v2('themeGroup', 'string'),
    v2('subtheme', 'string'),
    v2('pieces', 'string'),
    v2('minifigs', 'string'),
    v2('image', 'boolean'),
    v2('imageFilename', 'string'),
    v2('thumbnailURL', 'string'),
    v2('largeThumbnailURL', 'string'),
    v2('imageURL', 'string'),
    // The spec's neutral name; production's element carries the service's own name (docs/protocol.md §3).
    { ...v2('serviceURL', 'string'), aliases: ['bricksetURL'] },
    v2('released', 'boolean'),
    v2('owned', 'boolean'),
    v2('wanted', 'boolean'),
    v2('qtyOwned', 'int'),
    v2('userNotes', 'string'),
    v2('ACMDataCount', 'int'),
    v2('ownedByTotal', 'int'),
    v2('wantedByTotal', 'int'),
    v2('UKRetailPrice', 'string'),
    v2('USRetailPrice', 'string'),
    v2('CARetailPrice', 'string'),
    v2('EURetailPrice', 'string'),
    v2('USDateAddedToSAH', 'string'),
    v2('USDateRemovedFromSAH', 'string'),
    { ...v2('rating', 'decimal'), min: 0, max: 5 },
    v2('reviewCount', 'int'),
    v2('packagingType', 'string'),
    v2('availability', 'string'),
    v2('instructionsCount', 'int'),
    v2('additionalImageCount', 'int'),
    v2('ageMin', 'string'),
    v2('ageMax', 'string'),
    v2('height', 'string'),
    v2('width', 'string'),
    v2('depth', 'string'),
    v2('weight', 'string'),
    v2('category', 'string'),
    v2('notes', 'string'),
    v2('userRating', 'string'),
    v2('tags', 'string'),
    v2('EAN', 'string'),
    v2('UPC', 'string'),
    v2('description', 'string'),
    v2('lastUpdated', 'dateTime')
  ]
} as const satisfies RecordDef

const COLLECTION_DETAILS = {
  element: 'collectionDetails',
  arrayType: 'ArrayOfCollectionDetails',
  fields: [
    v2('collectionID', 'int'),
    v2('dateAcquired', 'string'),
    v2('currency', 'string'),
    v2('pricePaid', 'decimal'),
    v2('additionalPricePaid', 'decimal'),
    v2('currentEstimatedValue', 'decimal'),
    v2('conditionWhenAcquired', 'string'),
    v2('acquiredFrom', 'string'),
    v2('conditionNow', 'string'),
    v2('location', 'string'),
    v2('notes', 'string'),
    v2('parts', 'boolean'),
    v2('minifigs', 'boolean'),
    v2('instructions', 'boolean'),
    v2('box', 'boolean'),
    v2('willTrade', 'boolean'),
    v2('modified', 'boolean'),
    v2('deleted', 'boolean')
  ]
} as const satisfies RecordDef

const REVIEWS = {
  element: 'reviews',
  arrayType: 'ArrayOfReviews',
  fields: [
    v2('author', 'string'),
    v2('datePosted', 'dateTime'),
    v2('overallRating', 'int'),
    v2('parts', 'int'),
    v2('buildingExperience', 'int'),
    v2('playability', 'int'),
    v2('valueForMoney', 'int'),
    v2('title', 'string'),
    v2('review', 'string'),
    v2('HTML', 'boolean')
  ]
} as const satisfies RecordDef

const MINIFIG_COLLECTION = {
  element: 'minifigCollection',
  arrayType: 'ArrayOfMinifigCollection',
  fields: [
    v2('minifigNumber', 'string'),
    // A count below 0 is no count (issue 27): the figure is left out, not stored as a debt.
    { ...v2('ownedInSets', 'int'), min: 0 },
    { ...v2('ownedLoose', 'int'), min: 0 },
    { ...v2('ownedTotal', 'int'), min: 0 },
    v2('wanted', 'boolean')
  ]
} as const satisfies RecordDef

const ADDITIONAL_IMAGES = {
  element: 'additionalImages',
  arrayType: 'ArrayOfAdditionalImages',
  fields: [
    v2('thumbnailURL', 'string'),
    v2('largeThumbnailURL', 'string'),
    v2('imageURL', 'string')
  ]
} as const satisfies RecordDef

const THEMES = {
  element: 'themes',
  arrayType: 'ArrayOfThemes',
  fields: [
    v2('theme', 'string'),
    v2('setCount', 'int'),
    v2('subthemeCount', 'int'),
    v2('yearFrom', 'int'),
    v2('yearTo', 'int')
  ]
} as const satisfies RecordDef

const SUBTHEMES = {
  element: 'subthemes',
  arrayType: 'ArrayOfSubthemes',
  fields: [
    v2('theme', 'string'),
    v2('subtheme', 'string'),
    v2('setCount', 'int'),
    v2('yearFrom', 'int'),
    v2('yearTo', 'int')
  ]
} as const satisfies RecordDef

const YEARS = {
  element: 'years',
  arrayType: 'ArrayOfYears',
  fields: [v2('theme', 'string'), v2('year', 'string'), v2('setCount', 'int')]
} as const satisfies RecordDef

const INSTRUCTIONS = {
  element: 'instructions',
  arrayType: 'ArrayOfInstructions',
  fields: [v2('URL', 'string'), v2('description', 'string')]
} as const satisfies RecordDef

const CONDITIONS = {
  element: 'conditions',
  arrayType: 'ArrayOfConditions',
  fields: [v2('condition', 'string')]
} as const satisfies RecordDef

const USER_NOTES = {
  element: 'userNotes',
  arrayType: 'ArrayOfUserNotes',
  fields: [{ ...v2('setID', 'int'), min: 1 }, v2('userNotes', 'string')]
} as const satisfies RecordDef

const COLLECTION_TOTALS = {
  element: 'collectionTotals',
  fields: [
    v2('totalSetsOwned', 'int'),
    v2('totalDistinctSetsOwned', 'int'),
    v2('totalSetsWanted', 'int'),
    v2('totalMinifigsOwned', 'int'),
    v2('totalMinifigsWanted', 'int')
  ]
} as const satisfies RecordDef

// The earlier description (the service interface): requiredness is given per field by the document.
function f<const N extends string, const T extends XsdType, const R extends boolean>(
  name: N,
  type: T,
  required: R
): { name: N; type: T; required: R } {
  return { name, type, required }
}

const SET_DATA = {
  element: 'setData',
  arrayType: 'ArrayOfSetData',
  fields: [
    { ...f('setID', 'int', true), min: 1 },
    f('number', 'string', false),
    f('numberVariant', 'int', true),
    f('setName', 'string', false),
    f('year', 'string', false),
    f('theme', 'string', false),
    f('subtheme', 'string', false),
    f('pieces', 'string', false),
    f('minifigs', 'string', false),
    f('image', 'boolean', true),
    f('imageFilename', 'string', false),
    f('thumbnailURL', 'string', false),
    f('imageURL', 'string', false),
    { ...f('serviceURL', 'string', false), aliases: ['bricksetURL'] },
    f('own', 'boolean', true),
    f('want', 'boolean', true),
    f('qtyOwned', 'int', true),
    f('userNotes', 'string', false),
    f('UKRetailPrice', 'string', false),
    f('USRetailPrice', 'string', false),
    f('CARetailPrice', 'string', false),
    f('instructionsAvailable', 'boolean', true),
    f('EAN', 'string', false),
    f('UPC', 'string', false),
    f('lastUpdated', 'dateTime', true)
  ]
} as const satisfies RecordDef

const THEME_DATA = {
  element: 'themeData',
  arrayType: 'ArrayOfThemeData',
  fields: [f('theme', 'string', false), f('setCount', 'int', true)]
} as const satisfies RecordDef

const SUBTHEME_DATA = {
  element: 'subthemeData',
  arrayType: 'ArrayOfSubthemeData',
  // yearFrom/yearTo: seen in production, not in the document (docs/protocol.md §7).
  fields: [
    f('theme', 'string', false),
    f('subtheme', 'string', false),
    f('setCount', 'int', true),
    f('yearFrom', 'int', true),
    f('yearTo', 'int', true)
  ]
} as const satisfies RecordDef

export const RECORDS = {
  sets: SETS,
  collectionDetails: COLLECTION_DETAILS,
  reviews: REVIEWS,
  minifigCollection: MINIFIG_COLLECTION,
  additionalImages: ADDITIONAL_IMAGES,
  themes: THEMES,
  subthemes: SUBTHEMES,
  years: YEARS,
  instructions: INSTRUCTIONS,
  conditions: CONDITIONS,
  userNotes: USER_NOTES,
  collectionTotals: COLLECTION_TOTALS,
  setData: SET_DATA,
  themeData: THEME_DATA,
  subthemeData: SUBTHEME_DATA
} as const

export type RecordName = keyof typeof RECORDS
export type RecordOf<N extends RecordName> = RecordValue<(typeof RECORDS)[N]>

export type SetRecord = RecordOf<'sets'>
export type CollectionDetailRecord = RecordOf<'collectionDetails'>
export type ReviewRecord = RecordOf<'reviews'>
export type AdditionalImageRecord = RecordOf<'additionalImages'>
export type ThemeRecord = RecordOf<'themes'>
export type SubthemeRecord = RecordOf<'subthemes'>
export type YearRecord = RecordOf<'years'>
export type InstructionRecord = RecordOf<'instructions'>
export type ConditionRecord = RecordOf<'conditions'>
export type CollectionTotalsRecord = RecordOf<'collectionTotals'>
