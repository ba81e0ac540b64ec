import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { listBusy, QUIET_MS, thumbnail } from '../../src/renderer/src/lib/thumbs'

/** Pictures on screen, as rows would hold them. */
function pictures(n: number): HTMLImageElement[] {
  return Array.from({ length: n }, () => document.body.appendChild(document.createElement('img')))
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.runOnlyPendingTimers()
  vi.useRealTimers()
  document.body.replaceChildren()
})

describe('thumbnail queue', () => {
  it('loads nothing while the list is busy, then one picture at a time once it is still', () => {
    const imgs = pictures(5)
    listBusy()
    const actions = imgs.map((img, i) => thumbnail(img, `media/thumb/1/${String(i)}`))
    expect(imgs.filter((i) => i.hasAttribute('src'))).toHaveLength(0)
    vi.advanceTimersByTime(QUIET_MS / 2)
    // Still scrolling: the wait starts again.
    listBusy()
    vi.advanceTimersByTime(QUIET_MS - 10)
    expect(imgs.filter((i) => i.hasAttribute('src'))).toHaveLength(0)
    vi.advanceTimersByTime(20)
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual([
      'media/thumb/1/0',
      null,
      null,
      null,
      null
    ])
    imgs[0]?.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(1)
    expect(imgs[1]?.getAttribute('src')).toBe('media/thumb/1/1')
    expect(imgs[2]?.hasAttribute('src')).toBe(false)
    // A picture that fails still frees its turn.
    imgs[1]?.dispatchEvent(new Event('error'))
    vi.advanceTimersByTime(1)
    expect(imgs[2]?.getAttribute('src')).toBe('media/thumb/1/2')
    // A row reused while its picture loads gives the turn to the next picture at once.
    actions[2]?.update('media/thumb/1/20')
    vi.advanceTimersByTime(1)
    expect(imgs[3]?.getAttribute('src')).toBe('media/thumb/1/3')
    for (const a of actions) a.destroy()
  })

  it('skips rows that left the screen and never shows a reused row the previous picture', () => {
    const [gone, kept] = pictures(2)
    if (!gone || !kept) throw new Error('no pictures')
    listBusy()
    thumbnail(gone, 'media/thumb/1/10')
    const row = thumbnail(kept, 'media/thumb/1/11')
    gone.remove()
    vi.advanceTimersByTime(QUIET_MS + 1)
    expect(gone.hasAttribute('src')).toBe(false)
    expect(kept.getAttribute('src')).toBe('media/thumb/1/11')
    kept.dispatchEvent(new Event('load'))
    // The row now shows another set: blank until that picture's turn, even one shown before.
    listBusy()
    row.update('media/thumb/1/12')
    expect(kept.hasAttribute('src')).toBe(false)
    row.update('media/thumb/1/11')
    expect(kept.hasAttribute('src')).toBe(false)
    vi.advanceTimersByTime(QUIET_MS + 1)
    expect(kept.getAttribute('src')).toBe('media/thumb/1/11')
    // The same picture again: nothing to do.
    row.update('media/thumb/1/11')
    expect(kept.getAttribute('src')).toBe('media/thumb/1/11')
    row.update(null)
    expect(kept.hasAttribute('src')).toBe(false)
  })
})

describe('thumbnail placeholder', () => {
  it('marks a picture waiting or failed until it has loaded, so it is never drawn broken', () => {
    const [img] = pictures(1)
    if (!img) throw new Error('no picture')
    listBusy()
    const row = thumbnail(img, 'media/thumb/1/30')
    expect(img.dataset.thumb).toBe('waiting')
    vi.advanceTimersByTime(QUIET_MS + 1)
    expect(img.dataset.thumb).toBe('waiting')
    img.dispatchEvent(new Event('load'))
    expect(img.dataset.thumb).toBe('loaded')
    row.update('media/thumb/1/31')
    expect(img.dataset.thumb).toBe('waiting')
    vi.advanceTimersByTime(QUIET_MS + 1)
    img.dispatchEvent(new Event('error'))
    expect(img.dataset.thumb).toBe('failed')
    expect(img.hasAttribute('src')).toBe(false)
    row.destroy()
  })
})
