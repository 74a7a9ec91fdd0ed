import { describe, expect, it } from 'vitest'
import {
  convertBudgetJson,
  detectSource,
  readBudgetFile,
  toKopertaFile,
} from '../../../domain/budgetImport/index.ts'
import type { Instant } from '../../../schemas/money.ts'
import { starterBudget } from '../domain/fixtures.ts'
import { contextFor, emptyTarget, imported } from './support.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('reading a budget file', () => {
  it('reads JSON, with or without a UTF-8 byte order mark, and in UTF-16 with its mark', () => {
    expect(readBudgetFile(bytes('{"a": "Żółć"}'))).toEqual({ ok: true, kind: 'json', value: { a: 'Żółć' } })
    expect(readBudgetFile(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"a":1}')]))).toMatchObject({
      ok: true,
    })
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...'{"a":"ą"}'].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ])
    expect(readBudgetFile(utf16)).toEqual({ ok: true, kind: 'json', value: { a: 'ą' } })
  })

  it('tells a zip (Actual Budget’s export) apart', () => {
    expect(readBudgetFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({
      ok: true,
      kind: 'zip',
    })
  })

  it('takes a bank statement in windows-1250 for text that is not JSON, not for garbage', () => {
    const statement = Uint8Array.from([
      0x23, 0x44, 0x61, 0x74, 0x61, 0x3b, 0xb9, 0x9c, 0xbf, 0x0a, 0x31, 0x3b, 0x32, 0x0a,
    ])
    expect(readBudgetFile(statement)).toEqual({ ok: false, error: 'not-json' })
  })

  it('refuses an empty file, binary garbage, a PDF, text that is not JSON', () => {
    expect(readBudgetFile(new Uint8Array())).toEqual({ ok: false, error: 'empty' })
    expect(readBudgetFile(bytes(' \n\t'))).toEqual({ ok: false, error: 'empty' })
    expect(readBudgetFile(new Uint8Array([0x00, 0xff, 0xfe, 0x81, 0x12]))).toEqual({
      ok: false,
      error: 'binary',
    })
    expect(readBudgetFile(new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]))).toEqual({ ok: false, error: 'binary' })
    expect(readBudgetFile(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toEqual({ ok: false, error: 'not-a-budget' })
    expect(readBudgetFile(bytes('Data;Kwota\n2025-01-01;12,50'))).toEqual({ ok: false, error: 'not-json' })
    expect(readBudgetFile(bytes('{"budget": {'))).toEqual({ ok: false, error: 'not-json' })
  })

  it('refuses a number beyond the safe integers, but not the same digits in a string', () => {
    expect(readBudgetFile(bytes('{"amount": 12345678901234567890}'))).toEqual({
      ok: false,
      error: 'unsafe-number',
    })
    expect(readBudgetFile(bytes('{"amount": -9007199254740993}'))).toEqual({
      ok: false,
      error: 'unsafe-number',
    })
    expect(readBudgetFile(bytes('{"amount": 1e300}'))).toEqual({ ok: false, error: 'unsafe-number' })
    expect(
      readBudgetFile(bytes('{"memo": "12345678901234567890", "amount": 9007199254740991}')),
    ).toMatchObject({
      ok: true,
    })
  })
})

describe('which budget a file is', () => {
  it('knows YNAB’s three wrappers, the bare budget and Koperta’s file', () => {
    const budget = { id: 'b', name: 'B', accounts: [], category_groups: [], categories: [], transactions: [] }
    expect(detectSource({ budget })).toBe('ynab')
    expect(detectSource({ data: { budget, server_knowledge: 1 } })).toBe('ynab')
    expect(detectSource({ data: { plan: budget, server_knowledge: 1 } })).toBe('ynab')
    expect(detectSource(budget)).toBe('ynab')
    expect(detectSource({ format: 'koperta-budget', version: 1 })).toBe('koperta')
    expect(detectSource({ data: { transactions: [] } })).toBeUndefined()
    expect(detectSource([1, 2])).toBeUndefined()
  })

  it('refuses a layout it does not know, or one other than the source chosen', () => {
    const target = emptyTarget()
    expect(convertBudgetJson({ hello: 'world' }, contextFor(target))).toEqual({
      ok: false,
      error: 'unknown-layout',
    })
    const file = toKopertaFile(starterBudget().state, '2026-01-01T00:00:00Z' as Instant)
    expect(convertBudgetJson(file, contextFor(target), 'ynab')).toEqual({
      ok: false,
      error: 'unknown-layout',
    })
  })
})

describe('Koperta’s file, refused', () => {
  const file = () => {
    const made = toKopertaFile(starterBudget().state, '2026-01-01T00:00:00Z' as Instant)
    if (made === undefined) throw new Error('no file')
    return JSON.parse(JSON.stringify(made))
  }
  const convert = (value: unknown) => convertBudgetJson(value, contextFor(emptyTarget()))

  it('of a newer version, or with no version', () => {
    expect(convert({ ...file(), version: 4 })).toEqual({ ok: false, error: 'unsupported-version' })
    expect(convert({ ...file(), version: '1' })).toEqual({ ok: false, error: 'invalid' })
  })

  it('with a field missing or of the wrong type', () => {
    const { accounts: _, ...withoutAccounts } = file()
    expect(convert(withoutAccounts)).toEqual({ ok: false, error: 'invalid' })
    expect(convert({ ...file(), budget: { name: 'X', currency: 'pln' } })).toEqual({
      ok: false,
      error: 'invalid',
    })
  })

  it('naming an id it never declared, or splits that do not sum', () => {
    const broken = file()
    broken.months.push({ categoryId: 'nowhere', periodKey: '202501', assigned: 100 })
    expect(convert(broken)).toEqual({ ok: false, error: 'invalid' })
    const account = file()
    account.transactions.push({
      id: 't-x',
      accountId: account.accounts[0].id,
      date: '2025-01-02',
      payee: 'X',
      memo: '',
      value: -100,
      splits: [
        { categoryId: account.categories[0].id, value: -60 },
        { categoryId: account.categories[0].id, value: -60 },
      ],
      kind: 'Regular',
      cleared: false,
      reconciled: false,
    })
    expect(convert(account)).toEqual({ ok: false, error: 'invalid' })
  })

  it('in an unknown currency, or with an amount beyond the largest one', () => {
    expect(convert({ ...file(), budget: { name: 'X', currency: 'XYZ' } })).toEqual({
      ok: false,
      error: 'unknown-currency',
    })
    const large = file()
    large.accounts[0].openingBalance = 10_000_000_000_001
    expect(convert(large)).toEqual({ ok: false, error: 'amount-too-large' })
  })

  it('cleans control characters out of names and payees, and says so', () => {
    const dirty = file()
    dirty.categories[2].name = 'Pen\u0007sja\nmiesięczna'
    const conversion = convert(dirty)
    if (!conversion.ok) throw new Error(conversion.error)
    expect(conversion.report.approximated).toEqual([{ code: 'text-cleaned', count: 1 }])
    const state = imported(emptyTarget(), conversion)
    expect([...state.categories.values()].map((c) => c.name)).toContain('Pen sja miesięczna')
  })
})
