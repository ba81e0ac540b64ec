/** What jsdom lacks and the app uses: layout observation and modal dialogs. */
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = NoopResizeObserver
}

const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>
if (typeof proto.showModal !== 'function') {
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
}

// Svelte transitions run on the Web Animations API; jsdom has none, so animations end at once.
if (typeof Element.prototype.animate !== 'function') {
  Element.prototype.animate = function () {
    const animation = {
      onfinish: null as (() => void) | null,
      currentTime: 0,
      cancel() {},
      play() {},
      pause() {},
      finished: Promise.resolve()
    }
    setTimeout(() => animation.onfinish?.(), 0)
    return animation as unknown as Animation
  }
}

/** Lets queued promises and Svelte's batched updates run. */
export async function settle(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0))
}
