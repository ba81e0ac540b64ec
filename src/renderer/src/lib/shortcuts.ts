/** True when the key press belongs to a text field (its own undo, its own letters). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'range'].includes(target.type)
  }
  return false
}

type Shortcut = 'focusSearch' | 'undo' | 'redo' | 'escape' | 'help' | 'scan' | null

export function shortcutOf(event: KeyboardEvent): Shortcut {
  const mod = event.ctrlKey || event.metaKey
  if (event.key === 'Escape') return 'escape'
  if (mod && event.key.toLowerCase() === 'z' && !isTyping(event.target)) {
    return event.shiftKey ? 'redo' : 'undo'
  }
  if (mod && event.key.toLowerCase() === 'y' && !isTyping(event.target)) return 'redo'
  if (event.key === '/' && !mod && !isTyping(event.target)) return 'focusSearch'
  if (event.key === '?' && !mod && !event.altKey && !isTyping(event.target)) return 'help'
  if (mod && event.key.toLowerCase() === 'f') return 'focusSearch'
  // B for barcode: the scan screen, from anywhere (a modifier, so typing never triggers it).
  if (mod && event.shiftKey && event.key.toLowerCase() === 'b') return 'scan'
  return null
}
