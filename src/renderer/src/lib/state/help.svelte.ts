/** Whether the keyboard shortcuts sheet is open (from `?`, the sidebar's Help, or the Help menu). */
class Help {
  #open = $state(false)
  /** Whether Third-Party Licenses is open (the Help menu, or a button on the shortcuts sheet). */
  #licenses = $state(false)

  get open(): boolean {
    return this.#open
  }
  get licenses(): boolean {
    return this.#licenses
  }
  showShortcuts(): void {
    this.#open = true
  }
  closeShortcuts(): void {
    this.#open = false
  }
  /** The licenses take the shortcuts sheet's place (one dialog at a time). */
  showLicenses(): void {
    this.#open = false
    this.#licenses = true
  }
  closeLicenses(): void {
    this.#licenses = false
  }
}

export const help = new Help()
