// Types for the packaging scripts' shared module, so tests can import it.
export interface PackTarget {
  readonly os: 'mac' | 'win' | 'linux'
  readonly platform: 'darwin' | 'win32' | 'linux'
  readonly arch: string
}
export const OS_KEY: Record<'darwin' | 'win32' | 'linux', PackTarget['os']>
export function describeTarget(target: { platform: string; arch: string }): string
export function configuredTargets(config: unknown): PackTarget[]
export function nativePackages(): Map<string, string[]>
export function carriedFor(
  config: unknown,
  target: PackTarget,
  packages?: Map<string, string[]>
): Map<string, string[]>
export function singleTarget(files: readonly string[]): boolean
export function nativeProblems(
  carried: Map<string, string[]>,
  target: { platform: string; arch: string },
  labelOf?: (file: string) => string
): string[]
