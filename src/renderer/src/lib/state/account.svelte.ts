import type { AppErrorData } from '../../../../shared/errors'
import type { AccountStatus, ConnectionTestDto } from '../../../../shared/model/account'
import type { AppInfo } from '../../../../shared/model/app'
import type { ChannelInput } from '../../../../shared/ipc/contract'
import { tryCall } from '../api'
import { describeError } from '../errors'
import { nav } from './nav.svelte'
import { notices } from './notices.svelte'
import { OwnFields } from './own-fields.svelte'

/** Which service the app talks to and whether secrets are held (never the secrets themselves). */
export class AccountState extends OwnFields<{
  status: AccountStatus | null
  /** The last connection test's answer, for the values the form held then. */
  test: ConnectionTestDto | null
  busy: boolean
  error: AppErrorData | null
  /**
   * Why the last sign-in was refused for its user name or password: shown beside the password
   * field, where the user already is, not as a pop-up offering to sign in.
   */
  signInError: string | null
  /**
   * Whether the first `load` has answered (well or not). Until then the window draws no banner
   * and nothing below where one would be (App.svelte): a banner arriving after them pushed the
   * sidebar and the list down under the user's pointer.
   */
  loaded: boolean
}>(() => ({
  status: null,
  test: null,
  busy: false,
  error: null,
  signInError: null,
  loaded: false
})) {
  /** Written by `load` only; tests set it to stand for another host. */
  info = $state.raw<AppInfo | null>(null)

  /** Main's word of the account (`account:changed`), or null while none has come. */
  follow(status: AccountStatus | null): void {
    this.write({ status })
  }
  /** The form changed: the last test spoke of other values. */
  forgetTest(): void {
    this.write({ test: null })
  }
  /** The password is being typed again: the refusal beside it is old news. */
  clearSignInError(): void {
    this.write({ signInError: null })
  }

  get isDemo(): boolean {
    return (this.status?.profile ?? this.info?.profile.kind) === 'demo'
  }

  async load(): Promise<void> {
    const [status, info] = await Promise.all([
      tryCall('account:getStatus', {}),
      tryCall('app:getInfo', {})
    ])
    if (status.ok) this.write({ status: status.value })
    else this.write({ error: status.error })
    // Stored settings that cannot be used: open where the reason is shown and can be fixed.
    if (status.ok && status.value.problem !== null) nav.go('settings')
    if (info.ok) this.info = info.value
    this.write({ loaded: true })
  }

  async saveProfile(input: ChannelInput<'account:saveProfile'>): Promise<boolean> {
    return this.run(() => tryCall('account:saveProfile', input), 'Service settings saved')
  }

  async signIn(username: string, password: string): Promise<boolean> {
    this.write({ signInError: null })
    return this.run(
      () => tryCall('account:signIn', { username, password }),
      'Signed in',
      (e) => {
        if (e.code !== 'invalid_credentials') return false
        this.write({ signInError: describeError(e).message })
        return true
      }
    )
  }

  async signOut(): Promise<boolean> {
    return this.run(() => tryCall('account:signOut', {}), 'Signed out')
  }

  async useDemo(): Promise<boolean> {
    return this.run(() => tryCall('account:useDemo', {}), 'Using the demo catalogue')
  }

  /** Tries what the form holds (nothing is saved); the answer shows until the form changes. */
  async testConnection(input: ChannelInput<'account:testConnection'>): Promise<void> {
    this.write({ busy: true, test: null })
    const result = await tryCall('account:testConnection', input)
    this.write({ busy: false })
    if (result.ok) this.write({ test: result.value })
    else notices.error(result.error)
  }

  /** `shown` says whether the form itself showed the error; otherwise it becomes a notice. */
  private async run(
    fn: () => Promise<{ ok: true; value: AccountStatus } | { ok: false; error: AppErrorData }>,
    done: string,
    shown: (e: AppErrorData) => boolean = () => false
  ): Promise<boolean> {
    this.write({ busy: true })
    const result = await fn()
    this.write({ busy: false })
    if (!result.ok) {
      if (!shown(result.error)) notices.error(result.error)
      return false
    }
    this.write({ status: result.value })
    notices.info(done)
    return true
  }
}

export const account = new AccountState()
