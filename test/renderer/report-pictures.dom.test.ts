import { describe, expect, it } from 'vitest'
import { loadAllPictures } from '../../src/renderer/src/lib/report-pictures'
import { settle } from './dom-env'

function pictures(n: number): HTMLElement {
  const root = document.createElement('div')
  for (let i = 0; i < n; i++) {
    const img = document.createElement('img')
    img.loading = 'lazy'
    img.src = `media/thumb/1/${i + 1}`
    root.append(img)
  }
  return root
}

describe('pictures before printing', () => {
  it('asks for a few at a time, leaving the app connections for its calls, and finishes once every one has answered', async () => {
    const root = pictures(10)
    const seen: string[] = []
    let finished = false
    const all = loadAllPictures(root, (done, total) => seen.push(`${done}/${total}`)).then(() => {
      finished = true
    })
    const imgs = [...root.querySelectorAll('img')]
    const asked = () => imgs.filter((i) => i.loading === 'eager')
    // A browser opens six connections to the host; the event stream holds one and the app's
    // calls need another, so pictures never take more than four.
    expect(asked()).toHaveLength(4)
    // One answers (a failed picture counts as answered too): the next is asked for.
    imgs[0]?.dispatchEvent(new Event('load'))
    imgs[1]?.dispatchEvent(new Event('error'))
    await settle()
    expect(asked()).toHaveLength(6)
    for (const img of imgs.slice(2)) {
      img.dispatchEvent(new Event('load'))
      await settle()
    }
    await all
    expect(finished).toBe(true)
    expect(seen[0]).toBe('0/10')
    expect(seen.at(-1)).toBe('10/10')
  })

  it('has nothing to wait for without pictures', async () => {
    const seen: string[] = []
    await loadAllPictures(pictures(0), (done, total) => seen.push(`${done}/${total}`))
    expect(seen).toEqual(['0/0'])
  })
})
