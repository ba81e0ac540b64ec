/**
 * Thumbnails load only while the list is still, and one at a time.
 *
 * Each new picture costs the page's one thread a decode (the demo's SVG pictures: a whole SVG
 * document each, ~6 ms) and the host a request. A page of results fires dozens of them: loaded
 * eagerly they sit between a keystroke and its answer, and between scroll frames. Queued here
 * they fill in one by one once typing or scrolling pauses, for the rows still on screen.
 * Until its picture has loaded an image is marked `data-thumb="waiting"` (or "failed") and
 * not drawn, so a queued picture shows the neutral placeholder behind it, never a broken icon.
 */

/** How long the list must be still before pictures start loading. */
export const QUIET_MS = 150
const AT_ONCE = 1
/** A load that never reports back frees its slot after this long. */
const GIVE_UP_MS = 4000

/**
 * Every picture waits its turn, even one shown before: the browser may have dropped it from memory,
 * and a page of "cached" pictures assigned at once decodes them all in one frame.
 */
const queue = new Map<HTMLImageElement, string>()
/** Pictures loading now, with what frees their turn (a row reused mid-load frees it at once). */
const loading = new Map<HTMLImageElement, () => void>()
let running = 0
let stillAt = 0
let timer: ReturnType<typeof setTimeout> | undefined

/** The list is scrolling or waiting for an answer: hold pictures back until it is still again. */
export function listBusy(): void {
  stillAt = performance.now() + QUIET_MS
  wake()
}

function wake(): void {
  if (timer !== undefined || queue.size === 0) return
  timer = setTimeout(
    () => {
      timer = undefined
      pump()
    },
    Math.max(0, stillAt - performance.now())
  )
}

function pump(): void {
  if (performance.now() < stillAt) {
    wake()
    return
  }
  for (const [img, src] of queue) {
    if (running >= AT_ONCE) return
    queue.delete(img)
    if (img.isConnected) start(img, src)
  }
}

function start(img: HTMLImageElement, src: string): void {
  running++
  let done = false
  const finish = (event?: Event): void => {
    if (done) return
    done = true
    // Drawn only once it has pixels: a picture that failed leaves the neutral placeholder.
    if (event?.type === 'load') img.dataset.thumb = 'loaded'
    else if (event?.type === 'error') {
      img.dataset.thumb = 'failed'
      img.removeAttribute('src')
    } else {
      // Given up waiting (or the row was reused): a late picture still shows when it arrives.
      img.addEventListener(
        'load',
        () => {
          if (img.getAttribute('src') === src) img.dataset.thumb = 'loaded'
        },
        { once: true }
      )
    }
    clearTimeout(watchdog)
    img.removeEventListener('load', finish)
    img.removeEventListener('error', finish)
    loading.delete(img)
    running--
    // The next picture in a later task: input and frames get their turn in between.
    setTimeout(pump, 0)
  }
  const watchdog = setTimeout(finish, GIVE_UP_MS)
  img.addEventListener('load', finish)
  img.addEventListener('error', finish)
  loading.set(img, finish)
  img.src = src
}

function show(img: HTMLImageElement, src: string | null | undefined): void {
  queue.delete(img)
  if (src && img.getAttribute('src') === src) return
  loading.get(img)?.()
  img.dataset.thumb = 'waiting'
  if (!src) {
    img.removeAttribute('src')
    return
  }
  // A recycled row must not keep showing the previous set's picture while this one waits.
  img.removeAttribute('src')
  queue.set(img, src)
  wake()
}

/** `<img use:thumbnail={url}>`: the picture arrives through the queue above. */
export function thumbnail(
  img: HTMLImageElement,
  src: string | null | undefined
): { update(src: string | null | undefined): void; destroy(): void } {
  show(img, src)
  return {
    update(next) {
      show(img, next)
    },
    destroy() {
      queue.delete(img)
      loading.get(img)?.()
    }
  }
}
