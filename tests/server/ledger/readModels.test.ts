import { describe, expect, it } from 'vitest'
import { readModels } from '../../../server/ledger/readModels/index.ts'
import { readModelTables } from '../../../server/ledger/tables.ts'

describe('read models', () => {
  it('keeps each read-model table by exactly one module', () => {
    expect(readModels.map((model) => model.table).sort()).toEqual([...readModelTables].sort())
  })
})
