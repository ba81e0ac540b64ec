export type ThemeMode = 'system' | 'light' | 'dark'

const KEY = 'studbook.theme'

function stored(): ThemeMode {
  try {
    const v = localStorage.getItem(KEY)
    return v === 'light' || v === 'dark' ? v : 'system'
  } catch {
    return 'system'
  }
}

export class Theme {
  mode = $state<ThemeMode>('system')

  constructor() {
    if (typeof document === 'undefined') return
    this.mode = stored()
    this.apply()
  }

  set(mode: ThemeMode): void {
    this.mode = mode
    try {
      if (mode === 'system') localStorage.removeItem(KEY)
      else localStorage.setItem(KEY, mode)
    } catch {
      // Storage can be disabled; the choice then lasts for this session only.
    }
    this.apply()
  }

  private apply(): void {
    const root = document.documentElement
    if (this.mode === 'system') delete root.dataset.theme
    else root.dataset.theme = this.mode
  }
}

export const theme = new Theme()
