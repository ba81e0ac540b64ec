/** Whether the keyboard shortcuts sheet is open (from `?`, the sidebar's Help, or the Help menu). */
class Help {
  open = $state(false)
}

export const help = new Help()
