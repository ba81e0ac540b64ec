import { describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { nextMinifigPull } from '../../src/main/catalogue/index'
import { setWriter } from '../../src/main/sync/pull/set-writer'
import { testStoreEachTest } from '../catalogue/set-fixtures'
import type { TestStore } from '../catalogue/set-fixtures'

/**
 * Issue #25: a figure page crosses to the set writer as the service sent it, and is checked there
 * (in its worker, for a database file), not on the main thread before it is sent.
 */
const testStore = testStoreEachTest()

const stored = (x: TestStore) =>
  x.store.read
    .prepare(
      `SELECT minifig_number, name, category, thumbnail_url, image_url FROM minifigs
       WHERE profile_id = ? ORDER BY minifig_number`
    )
    .all(x.pid)

describe('a figure page given to the set writer', () => {
  it('is read from the service’s shape by the writer', async () => {
    const x = await testStore('figure-page-writer')
    const writer = setWriter(x.store)
    const { signal } = new AbortController()
    try {
      const mark = nextMinifigPull(x.store.write, x.pid)
      await writer.writeFigures(
        {
          profileId: x.pid,
          mark,
          figures: [
            {
              minifigNumber: 'sw0001',
              name: 'Pilot',
              image: { thumbnailURL: 'https://img.example/t.png', imageURL: '' },
              sets: [{ setID: 7, quantity: 1 }]
            },
            { minifigNumber: 'cas002' }
          ]
        },
        signal
      )
    } finally {
      await writer.close()
    }
    expect(stored(x)).toEqual([
      {
        minifig_number: 'cas002',
        name: '',
        category: '',
        thumbnail_url: null,
        image_url: null
      },
      {
        minifig_number: 'sw0001',
        name: 'Pilot',
        category: '',
        thumbnail_url: 'https://img.example/t.png',
        image_url: null
      }
    ])
  })

  it('is refused whole by the writer when one figure is not valid, and nothing of it is written', async () => {
    const x = await testStore('figure-page-refused')
    const writer = setWriter(x.store)
    const { signal } = new AbortController()
    let error: unknown = null
    try {
      const mark = nextMinifigPull(x.store.write, x.pid)
      await writer
        .writeFigures(
          {
            profileId: x.pid,
            mark,
            figures: [{ minifigNumber: 'sw0001' }, { minifigNumber: '<script>', name: 'x' }]
          },
          signal
        )
        .catch((e: unknown) => {
          error = e
        })
    } finally {
      await writer.close()
    }
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('bad_record')
    expect(stored(x)).toEqual([])
  })
})
