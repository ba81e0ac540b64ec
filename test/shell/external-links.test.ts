import { describe, expect, it, vi } from 'vitest'
import type { WebContents } from 'electron'

vi.mock('electron', () => ({}))

const { isAllowedExternalUrl } = await import('../../src/main/shell/external-links')
const { hardenWebContents } = await import('../../src/main/shell/navigation')

const HOSTS = ['allowed.example', 'docs.example.org']

const HOSTILE = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'file:///etc/passwd',
  'http://allowed.example/set/10001',
  'https://allowed.example.evil.com/',
  'https://evil.com/allowed.example',
  'https://evil.com/?u=https://allowed.example',
  'https://allowed.example@evil.com/',
  'https://user@allowed.example/',
  'https://user:pw@allowed.example/',
  'https://allowed.example:8443/',
  'https://allowed.example./',
  'https://xallowed.example/',
  'https://sub.allowed.example/',
  'data:text/html,<script>alert(1)</script>',
  'app://studbook/index.html',
  'https://',
  'https//allowed.example',
  'allowed.example',
  '',
  'https://[::1/',
  'https://allowed.example%2F@evil.com/'
]

interface FakeEvent {
  url: string
  preventDefault: ReturnType<typeof vi.fn>
}

function fakeContents() {
  const listeners = new Map<string, (event: FakeEvent) => void>()
  let openHandler: ((details: { url: string }) => { action: string }) | null = null
  const contents = {
    on(name: string, listener: (event: FakeEvent) => void) {
      listeners.set(name, listener)
      return contents
    },
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      openHandler = handler
    }
  }
  const fire = (name: string, url: string): FakeEvent => {
    const event = { url, preventDefault: vi.fn() }
    const listener = listeners.get(name)
    if (!listener) throw new Error(`no ${name} listener`)
    listener(event)
    return event
  }
  const open = (url: string) => {
    if (!openHandler) throw new Error('no window open handler')
    return openHandler({ url })
  }
  return { contents: contents as unknown as WebContents, fire, open, listeners }
}

function setup() {
  const fake = fakeContents()
  const openExternal = vi.fn(() => Promise.resolve())
  hardenWebContents(fake.contents, { allowedHosts: () => HOSTS, openExternal })
  return { ...fake, openExternal }
}

describe('external link allowlist', () => {
  it.each(HOSTILE)('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url, HOSTS)).toBe(false)
  })

  it('accepts https links to an allowlisted host, whatever their path or case', () => {
    expect(isAllowedExternalUrl('https://allowed.example/sets/10001-1', HOSTS)).toBe(true)
    expect(isAllowedExternalUrl('https://ALLOWED.example/a?b=c#d', HOSTS)).toBe(true)
    expect(isAllowedExternalUrl('https://docs.example.org/instructions/6001.pdf', HOSTS)).toBe(true)
  })

  it('ignores allowlist entries that are not bare host names', () => {
    const sneaky = ['allowed.example/@evil.com', 'evil.com:443', 'user@evil.com', '']
    expect(isAllowedExternalUrl('https://evil.com/', sneaky)).toBe(false)
  })

  it('allows nothing when the profile lists no hosts', () => {
    expect(isAllowedExternalUrl('https://allowed.example/', [])).toBe(false)
  })
})

describe('navigation and new windows', () => {
  it.each([...HOSTILE, 'https://allowed.example/set'])(
    'never navigates the window to %s',
    (url) => {
      const { fire } = setup()
      expect(fire('will-navigate', url).preventDefault).toHaveBeenCalled()
      expect(fire('will-frame-navigate', url).preventDefault).toHaveBeenCalled()
      expect(fire('will-redirect', url).preventDefault).toHaveBeenCalled()
    }
  )

  it.each(HOSTILE)('denies a new window for %s and does not open it externally', (url) => {
    const { open, fire, openExternal } = setup()
    expect(open(url)).toEqual({ action: 'deny' })
    fire('will-navigate', url)
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('sends an allowlisted https link to the system browser, still denying the window', () => {
    const { open, fire, openExternal } = setup()
    expect(open('https://allowed.example/set/1')).toEqual({ action: 'deny' })
    fire('will-navigate', 'https://docs.example.org/i.pdf')
    expect(openExternal.mock.calls).toEqual([
      ['https://allowed.example/set/1'],
      ['https://docs.example.org/i.pdf']
    ])
  })

  it('refuses to attach a webview', () => {
    const { listeners } = setup()
    const event = { url: '', preventDefault: vi.fn() }
    listeners.get('will-attach-webview')?.(event)
    expect(event.preventDefault).toHaveBeenCalled()
  })

  it('installs its handlers once even when hardened twice', () => {
    const fake = fakeContents()
    const openExternal = vi.fn(() => Promise.resolve())
    const policy = { allowedHosts: () => HOSTS, openExternal }
    hardenWebContents(fake.contents, policy)
    hardenWebContents(fake.contents, policy)
    fake.open('https://allowed.example/x')
    expect(openExternal).toHaveBeenCalledTimes(1)
  })

  it('survives the OS refusing to open a link', async () => {
    const fake = fakeContents()
    const openExternal = vi.fn(() => Promise.reject(new Error('no browser')))
    hardenWebContents(fake.contents, { allowedHosts: () => HOSTS, openExternal })
    expect(fake.open('https://allowed.example/x')).toEqual({ action: 'deny' })
    await Promise.resolve()
    expect(openExternal).toHaveBeenCalledOnce()
  })
})
