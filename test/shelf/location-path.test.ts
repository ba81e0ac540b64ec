import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isWithin,
  joinPath,
  normalisePath,
  pathAncestors,
  pathKey,
  splitPath
} from '../../src/shared/model/location-path'
import { runs } from '../property-runs'

/** A step as a person names a place: words, digits, spaces inside, no separator. */
const step = fc
  .array(fc.constantFrom('Attic', 'shelf', '2', 'Bin', 'B', 'Kåre', 'Ｒｏｏｍ', '#3', '-', 'x y'), {
    minLength: 1,
    maxLength: 3
  })
  .map((words) => words.join(' '))
/** Anything a user may type into the field, separators and stray spaces included. */
const typed = fc.string({
  unit: fc.constantFrom('a', 'B', ' ', '  ', '>', '/', '›', ' › ', '\t', 'é', '1'),
  maxLength: 30
})

describe('location paths', () => {
  it('splits what join wrote back into the same steps', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 5 }), (steps) => {
        expect(splitPath(joinPath(steps))).toEqual(steps)
      }),
      { numRuns: runs(100) }
    )
  })

  it('normalising is idempotent and join(split(x)) is the normal form', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const once = normalisePath(text)
        expect(normalisePath(once)).toBe(once)
        expect(joinPath(splitPath(text))).toBe(once)
        expect(pathKey(once)).toBe(pathKey(text))
      }),
      { numRuns: runs(100) }
    )
  })

  it('reads >, / and › alike, drops empty steps and folds spaces', () => {
    expect(normalisePath('  Attic >  Shelf   2 / Bin A ')).toBe('Attic › Shelf 2 › Bin A')
    expect(normalisePath('Attic>>Shelf')).toBe('Attic › Shelf')
    expect(normalisePath('Attic›Shelf')).toBe('Attic › Shelf')
    expect(splitPath('')).toEqual([])
    expect(splitPath(' / > ')).toEqual([])
  })

  it('a place is within itself and its ancestors, whatever the case or separator', () => {
    expect(isWithin('Attic › Shelf 2 › Bin', 'attic/shelf 2')).toBe(true)
    expect(isWithin('Attic › Shelf 2', 'Attic › Shelf 2')).toBe(true)
    // A step's name is whole: Shelf 20 is not inside Shelf 2.
    expect(isWithin('Attic › Shelf 20', 'Attic › Shelf 2')).toBe(false)
    expect(isWithin('Attic', 'Attic › Shelf 2')).toBe(false)
    expect(isWithin('Attic', '')).toBe(false)
    expect(pathAncestors('Attic > Shelf 2 > Bin')).toEqual([
      'Attic',
      'Attic › Shelf 2',
      'Attic › Shelf 2 › Bin'
    ])
  })

  it('every ancestor of a path contains it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 5 }), (steps) => {
        const path = joinPath(steps)
        for (const a of pathAncestors(path)) expect(isWithin(path, a)).toBe(true)
      }),
      { numRuns: runs(100) }
    )
  })
})
