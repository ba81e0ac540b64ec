/**
 * Keeps what the user is typing in session storage, which the browser keeps outside the page's
 * process: when the renderer crashes and the shell reloads the page, the typing is put back into the
 * same field on the same route. A field is named by its id, name, aria-label or aria-describedby;
 * password fields and anything under [data-no-draft] are never kept.
 */

const STORE = 'studbook:drafts'
const MAX_CHARS = 20_000

interface Draft {
  /** The field's value when the user started typing: restored only over that same value. */
  readonly base: string
  readonly value: string
}

type Field = HTMLInputElement | HTMLTextAreaElement

const TEXT_TYPES = new Set(['text', 'search', 'url', 'email', 'tel', 'number', 'date', ''])

function isField(el: EventTarget | null): el is Field {
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled
  if (!(el instanceof HTMLInputElement)) return false
  return TEXT_TYPES.has(el.type) && !el.readOnly && !el.disabled
}

function fieldKey(el: Field): string | null {
  if (el.closest('[data-no-draft]') !== null) return null
  if (el.id) return `#${el.id}`
  if (el.name) return `name:${el.name}`
  const label = el.getAttribute('aria-label')
  if (label) return `label:${label}`
  const described = el.getAttribute('aria-describedby')
  if (described) return `described:${described}`
  return null
}

function load(storage: Storage): Record<string, Draft> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORE) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, Draft>) : {}
  } catch {
    return {}
  }
}

function save(storage: Storage, drafts: Record<string, Draft>): void {
  try {
    storage.setItem(STORE, JSON.stringify(drafts))
  } catch {
    // Storage full or off: the typing is simply not kept.
  }
}

/** Sets a field as typing would, so the page's own bindings see the value. */
function typeInto(el: Field, value: string): void {
  el.value = value
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Starts keeping drafts. With `restore`, the drafts kept before the crash are put back as their
 * fields appear; without, they are dropped (a fresh start has nothing to recover).
 * Returns how many drafts are waiting to be put back, and a stop function.
 */
export function keepDrafts(win: Window, restore: boolean): { waiting: number; stop: () => void } {
  const doc = win.document
  const storage = win.sessionStorage
  const entry = (el: Field): string | null => {
    const key = fieldKey(el)
    return key === null ? null : `${win.location.hash}\n${key}`
  }
  const bases = new WeakMap<Field, string>()
  const onFocus = (event: FocusEvent): void => {
    if (isField(event.target) && !bases.has(event.target))
      bases.set(event.target, event.target.value)
  }
  const onInput = (event: Event): void => {
    const el = event.target
    if (!isField(el) || el.value.length > MAX_CHARS) return
    const key = entry(el)
    if (key === null) return
    const drafts = load(storage)
    drafts[key] = { base: bases.get(el) ?? drafts[key]?.base ?? '', value: el.value }
    save(storage, drafts)
  }
  doc.addEventListener('focusin', onFocus, true)
  doc.addEventListener('input', onInput, true)

  let pending: Record<string, Draft> = restore ? load(storage) : {}
  if (!restore) save(storage, {})
  const put = (): void => {
    for (const el of doc.querySelectorAll<Field>('input, textarea')) {
      if (!isField(el)) continue
      const key = entry(el)
      const draft = key === null ? undefined : pending[key]
      if (key === null || draft === undefined) continue
      const { [key]: _done, ...rest } = pending
      pending = rest
      // Only over the value the typing started from: a value changed since is not overwritten.
      if (el.value === draft.base && draft.value !== draft.base) {
        bases.set(el, draft.base)
        typeInto(el, draft.value)
      }
    }
    if (Object.keys(pending).length === 0) observer.disconnect()
  }
  const observer = new MutationObserver(put)
  const waiting = Object.keys(pending).length
  if (waiting > 0) {
    observer.observe(doc.body, { childList: true, subtree: true })
    put()
  }
  return {
    waiting,
    stop: () => {
      observer.disconnect()
      doc.removeEventListener('focusin', onFocus, true)
      doc.removeEventListener('input', onInput, true)
    }
  }
}
