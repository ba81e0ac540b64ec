/**
 * The scan cue (issue #17): a short high beep when a scan found its set, two low ones when it did
 * not (unknown, ambiguous, refused), so a person scanning a pile of boxes need not look up. Made
 * with Web Audio: no sound files. Where there is no audio (a test page, a locked-down system)
 * the cue is silent and the visual one still shows.
 */
type Cue = 'found' | 'problem'

const TONES: Readonly<Record<Cue, readonly { at: number; hz: number; for: number }[]>> = {
  found: [{ at: 0, hz: 1320, for: 0.07 }],
  problem: [
    { at: 0, hz: 220, for: 0.12 },
    { at: 0.16, hz: 220, for: 0.12 }
  ]
}

let context: AudioContext | null = null

export function beep(cue: Cue): void {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext
  if (Context === undefined) return
  try {
    context ??= new Context()
    const ctx = context
    for (const tone of TONES[cue]) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = cue === 'found' ? 'sine' : 'square'
      osc.frequency.value = tone.hz
      gain.gain.value = 0.06
      osc.connect(gain)
      gain.connect(ctx.destination)
      const start = ctx.currentTime + tone.at
      osc.start(start)
      osc.stop(start + tone.for)
    }
  } catch {
    // No audio device, or the page may not play yet: the cue stays visual.
  }
}
