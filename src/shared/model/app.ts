export type HostKind = 'electron' | 'browser'

export interface AppInfo {
  readonly version: string
  readonly host: HostKind
  /** The active profile: the embedded demo catalogue, or a service the user configured. */
  readonly profile: { readonly kind: 'demo' | 'custom'; readonly label: string }
}
