/**
 * The report's pictures load lazily on screen (a 2,000-copy report would otherwise fetch and
 * decode every one up front); paper needs all of them. Before printing, every picture not yet
 * loaded is asked for and waited on, so no page prints with empty boxes.
 */

/** A picture that never answers does not hold the print back for ever. */
const GIVE_UP_MS = 15_000
/**
 * Pictures asked for at once. Asking for 2,000 at once queues their decoding on the page's one
 * thread in a burst. And in the browser host a page gets six connections to the host: the event
 * stream holds one, so six pictures would leave the app's own calls (sync status, an edit)
 * waiting behind slow pictures; four leave one free.
 */
const AT_ONCE = 4

function settled(img: HTMLImageElement): Promise<void> {
  if (img.complete) return Promise.resolve()
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      img.removeEventListener('load', done)
      img.removeEventListener('error', done)
      resolve()
    }
    const timer = setTimeout(done, GIVE_UP_MS)
    img.addEventListener('load', done)
    img.addEventListener('error', done)
  })
}

/** Loads every picture under `root` now; `progress(done, total)` after each one. */
export async function loadAllPictures(
  root: ParentNode,
  progress: (done: number, total: number) => void = () => undefined
): Promise<void> {
  const images = [...root.querySelectorAll('img')]
  let next = 0
  let done = 0
  const total = images.length
  progress(done, total)
  const worker = async (): Promise<void> => {
    for (let img = images[next++]; img !== undefined; img = images[next++]) {
      img.loading = 'eager'
      await settled(img)
      done += 1
      progress(done, total)
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
}
