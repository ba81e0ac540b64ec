// Types for package:check's updater checks, so tests can run them on configs and folders.
export const UPDATER_NEEDS: Record<
  'mac' | 'win' | 'linux',
  { target: string; ext: string; key: string | null; installers: string[] }
>
export function updateFeedFile(os: 'mac' | 'win' | 'linux', arch: string): string
export function updaterConfigProblems(config: unknown): string[]
export function updaterOutputProblems(
  dir: string,
  config: unknown,
  version: string
): { checked: boolean; problems: string[] }
