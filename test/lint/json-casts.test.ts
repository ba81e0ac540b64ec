import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * Every trust boundary parses (issue #31): `JSON.parse(…) as T` and `as unknown as T` are refused
 * everywhere in src/ but src/shared/parse-json.ts, the one home of casts beside the parsers. The
 * real project config, with type information off: the probes are not files on disk.
 */

const root = join(__dirname, '../..')

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    { languageOptions: { parserOptions: { projectService: false, project: null } } }
  ],
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax'
})

async function castErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) })
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`)
}

const CASTS = [
  ['JSON.parse(…) as T', 'export const v = JSON.parse(text) as { a: number }\n'],
  ['JSON.parse(…) as unknown', 'export const v = JSON.parse(text) as unknown\n'],
  ['<T>JSON.parse(…)', 'export const v = <{ a: number }>JSON.parse(text)\n'],
  ['as unknown as T', 'export const v = text as unknown as number\n'],
  ['as any as T', 'export const v = text as any as number\n']
] as const

const PREFIX = 'declare const text: string\n'

const FILES = [
  'src/main/collection/anything.ts',
  'src/main/service/anything.ts',
  'src/emulator/anything.ts',
  'src/preload/anything.ts',
  'src/renderer/src/lib/anything.ts',
  'src/shared/model/anything.ts'
]

describe('casts of parsed text', () => {
  for (const file of FILES) {
    it.each(CASTS)(`${file}: %s is refused`, async (_, code) => {
      const errors = await castErrors(file, PREFIX + code)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(/^no-restricted-syntax: (Parse, do not cast|`as unknown as T`)/)
    })
  }

  it.each(CASTS)('src/shared/parse-json.ts (the one allowed file): %s passes', async (_, code) => {
    expect(await castErrors('src/shared/parse-json.ts', PREFIX + code)).toEqual([])
  })

  it.each([
    ['parsed into unknown', 'export const v: unknown = JSON.parse(text)\n'],
    ['one plain cast', 'export const v = text as string\n'],
    ['a cast of something else to unknown', 'export const v = text as unknown\n']
  ])('%s passes', async (_, code) => {
    expect(await castErrors('src/main/collection/anything.ts', PREFIX + code)).toEqual([])
  })
})
