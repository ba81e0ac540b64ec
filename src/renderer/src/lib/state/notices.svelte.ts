import type { AppErrorData } from '../../../../shared/errors'
import { describeError, errorData, type ErrorView } from '../errors'
import { OwnFields } from './own-fields.svelte'

export interface Toast {
  readonly id: number
  readonly kind: 'info' | 'error'
  readonly text: string
  readonly detail: string | null
  readonly error: ErrorView | null
  readonly retry: (() => void) | null
  /** A button on an info toast (e.g. Undo). */
  readonly action: ToastAction | null
}

interface ToastAction {
  readonly label: string
  readonly run: () => void
}

const TOAST_MS = 6000

export class Notices extends OwnFields<{
  fatal: ErrorView | null
  /** The host no longer accepts this tab (restarted with a new pass): nothing works until it does. */
  refused: boolean
}>(() => ({ fatal: null, refused: false })) {
  /** Written by the methods below; tests empty it between cases. */
  toasts = $state<Toast[]>([])

  /** The host turned this tab away; only a reload helps. */
  refuse(): void {
    this.write({ refused: true })
  }
  /** The fatal screen's way out worked (the demo catalogue): the app is usable again. */
  clearFatal(): void {
    this.write({ fatal: null })
  }
  private next = 1

  info(text: string, more: { detail?: string; action?: ToastAction } = {}): void {
    this.push({
      kind: 'info',
      text,
      detail: more.detail ?? null,
      error: null,
      retry: null,
      action: more.action ?? null
    })
  }

  /** Shows an error where the error table says: a toast, or the fatal screen. */
  error(e: unknown, retry?: () => void): ErrorView {
    const view = describeError(isErrorData(e) ? e : errorData(e))
    if (view.presentation === 'fatal') {
      this.write({ fatal: view })
      return view
    }
    this.push({
      kind: 'error',
      text: view.title,
      detail: view.reason === null ? view.message : `${view.message} (${view.reason})`,
      error: view,
      retry: retry ?? null,
      action: null
    })
    return view
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id)
  }

  private push(toast: Omit<Toast, 'id'>): void {
    const id = this.next++
    // One toast per message: repeated failures (e.g. offline) do not stack up.
    this.toasts = [...this.toasts.filter((t) => t.text !== toast.text), { ...toast, id }].slice(-4)
    if (typeof window !== 'undefined')
      window.setTimeout(() => {
        this.dismiss(id)
      }, TOAST_MS)
  }
}

function isErrorData(e: unknown): e is AppErrorData {
  return (
    typeof e === 'object' && e !== null && 'code' in e && 'message' in e && !(e instanceof Error)
  )
}

export const notices = new Notices()
