/** Whether the keyboard shortcuts sheet is open (from `?`, the sidebar's Help, or the Help menu). */
class Help {
  open = $state(false)
  /** Whether Third-Party Licenses is open (the Help menu, or a button on the shortcuts sheet). */
  licenses = $state(false)
}

export const help = new Help()
