import { describe, expect, it } from 'vitest'
import { LABEL_PREFIX, labelCode, parseLabelCode } from '../../src/shared/model/box-label'

describe('box label codes', () => {
  it('reads back the copy a label names, as scanners send it', () => {
    const id = '3f2c9a1e-5b7d-4c1a-9e2f-0a1b2c3d4e5f'
    expect(parseLabelCode(labelCode(id))).toBe(id)
    expect(parseLabelCode(`  ${labelCode(id)}\n`)).toBe(id)
    expect(parseLabelCode(`${LABEL_PREFIX.toLowerCase()}${id}`)).toBe(id)
  })

  it('leaves set codes and damaged labels alone', () => {
    expect(parseLabelCode('5702017584089')).toBeNull()
    expect(parseLabelCode('10305-1')).toBeNull()
    expect(parseLabelCode(LABEL_PREFIX)).toBeNull()
    expect(parseLabelCode(`${LABEL_PREFIX}a b`)).toBeNull()
    expect(parseLabelCode(`${LABEL_PREFIX}${'x'.repeat(65)}`)).toBeNull()
    expect(parseLabelCode(`x${LABEL_PREFIX}abc`)).toBeNull()
  })
})
