import { OwnFields } from './own-fields.svelte'

/** Whether the keyboard shortcuts sheet is open (from `?`, the sidebar's Help, or the Help menu). */
class Help extends OwnFields(() => ({
  open: false,
  /** Whether Third-Party Licenses is open (the Help menu, or a button on the shortcuts sheet). */
  licenses: false
})) {
  showShortcuts(): void {
    this.write({ open: true })
  }
  closeShortcuts(): void {
    this.write({ open: false })
  }
  /** The licenses take the shortcuts sheet's place (one dialog at a time). */
  showLicenses(): void {
    this.write({ open: false, licenses: true })
  }
  closeLicenses(): void {
    this.write({ licenses: false })
  }
}

export const help = new Help()
