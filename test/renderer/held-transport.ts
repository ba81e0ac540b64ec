import { afterEach, beforeEach } from 'vitest'
import { setTransport } from '../../src/renderer/src/lib/api'
import type { Transport } from '../../src/renderer/src/lib/api'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/ipc/contract'
import type { Result } from '../../src/shared/ipc/result'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'

/** A call the page made, as the test sees it. */
export interface Call {
  channel: ChannelName
  input: unknown
}

/** Picks the calls to these channels. */
export function toChannels(...channels: ChannelName[]): (call: Call) => boolean {
  return (call) => channels.includes(call.channel)
}

/** Picks the calls to this channel whose input passes `test`. */
export function withInput<K extends ChannelName>(
  channel: K,
  test: (input: ChannelInput<K>) => boolean
): (call: Call) => boolean {
  return (call) => call.channel === channel && test(call.input as ChannelInput<K>)
}

interface HeldCall extends Call {
  /** Lets the fake back end answer it now, from what it holds now. */
  answer: () => void
}

/**
 * The fake back end behind a busy host: the calls `holds` picks wait until the test answers them,
 * everything else is answered at once. Tests use it to make answers arrive late, out of order, or
 * while the user does something else.
 */
export class HeldTransport implements Transport {
  /** Calls waiting for the test, oldest first. */
  readonly held: HeldCall[] = []
  /** Every call that was held, answered or not, in the order the page made them. */
  readonly asked: Call[] = []
  /** The most calls that waited at once. */
  mostHeld = 0
  /** Off, every call is answered at once (calls already held still wait). */
  hold = true

  constructor(
    readonly backend: FakeBackend,
    private readonly holds: (call: Call) => boolean = () => true
  ) {}

  subscribe: Transport['subscribe'] = (event, listener) => this.backend.subscribe(event, listener)

  invoke<K extends ChannelName>(
    channel: K,
    input: ChannelInput<K>
  ): Promise<Result<ChannelOutput<K>>> {
    if (!this.hold || !this.holds({ channel, input })) return this.backend.invoke(channel, input)
    this.asked.push({ channel, input })
    return new Promise((resolve) => {
      this.held.push({
        channel,
        input,
        answer: () => {
          resolve(this.backend.invoke(channel, input))
        }
      })
      this.mostHeld = Math.max(this.mostHeld, this.held.length)
    })
  }

  /** Answers the oldest held call `which` picks; a test that expects one and finds none fails. */
  answer(which: (call: Call) => boolean = () => true): void {
    const i = this.held.findIndex(which)
    const [call] = i < 0 ? [] : this.held.splice(i, 1)
    if (!call) throw new Error('no held call to answer')
    call.answer()
  }

  /** Answers, in order, every call held now that `which` picks, without letting the page run. */
  answerAll(which: (call: Call) => boolean = () => true): void {
    const picked = this.held.filter(which)
    for (const call of picked) this.held.splice(this.held.indexOf(call), 1)
    for (const call of picked) call.answer()
  }

  /** Answers held calls one at a time, letting the page settle after each, until none waits. */
  async release(): Promise<void> {
    while (this.held.length > 0) {
      this.held.shift()?.answer()
      await settle()
    }
  }

  /** Answers everything asked, and what those answers lead to, until the page asks no more. */
  async releaseUntilQuiet(): Promise<void> {
    for (let quiet = 0; quiet < 3;) {
      const asked = this.held.length
      this.answerAll()
      await settle()
      quiet = asked === 0 ? quiet + 1 : 0
    }
  }
}

/**
 * For tests of the state classes on their own: each test gets a fresh fake of `sets` sets behind
 * a HeldTransport holding these channels, as the app's transport; read it through the getter.
 */
export function holdEachTest(sets: number, ...channels: ChannelName[]): () => HeldTransport {
  let transport: HeldTransport | null = null
  beforeEach(() => {
    transport = new HeldTransport(new FakeBackend(sets), toChannels(...channels))
    setTransport(transport)
  })
  afterEach(() => {
    setTransport(null)
  })
  return () => {
    if (!transport) throw new Error('only inside a test')
    return transport
  }
}
