import { performance } from 'node:perf_hooks'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyRules,
  cleanPayee,
  LEARN_AT_LEAST,
  LEARN_FROM_LAST,
  learnCategories,
  noisePatterns,
  type PayeeHistoryEntry,
  payeeKey,
} from '../../../../domain/import/payees.ts'
import { CategoryId } from '../../../../schemas/ids.ts'
import type { PayeeRule } from '../../../../schemas/imports.ts'

// Descriptions as the banks write them (made-up payees), in the layouts the parsers read (domain/import/banks/).

describe('cleanPayee', () => {
  it.each(noisePatterns.map((entry) => [entry.source, entry.example[0], entry.example[1]] as const))(
    'cleans what its table entry says: %s',
    (_source, raw, cleaned) => {
      expect(cleanPayee(raw)).toBe(cleaned)
    },
  )

  it.each([
    // mBank, Lista operacji and the statement export: the operation type, mBank's "/CITY", the transaction's date.
    ['mBank', 'ZAKUP PRZY UŻYCIU KARTY W KRAJU', 'ZAKUP PRZY UŻYCIU KARTY W KRAJU'],
    ['mBank', 'ZABKA Z1234 K.1 /WARSZAWA DATA TRANSAKCJI: 2020-01-01', 'ZABKA Z1234 K.1'],
    ['mBank', 'STACJA PALIW ORLEŃ/GDAŃSK', 'STACJA PALIW ORLEŃ'],
    ['mBank', 'SKLEP ŻABKA NR 17  ZAKUP PRZY UŻYCIU KARTY W KRAJU', 'SKLEP ŻABKA NR 17'],
    ['mBank', 'PAYU SPÓŁKA AKCYJNA  UL.MARCELIŃSKA 90   60-324 POZNAŃ POLSKA', 'PAYU SPÓŁKA AKCYJNA'],
    ['mBank', 'PRZELEW ZEWNĘTRZNY WYCHODZĄCY 61109010140000071219812874 ENERGA', 'ENERGA'],
    // PKO BP: its labelled "Opis transakcji" cells, joined.
    [
      'PKO BP',
      'Tytuł: 000498849 74230789109067613321359 Lokalizacja: Adres: PIEKARNIA ZIARENKO Miasto: ŁÓDŹ Kraj: POLSKA ' +
        'Data wykonania operacji: 2026-04-04 Oryginalna kwota operacji: 48.78 Numer karty: 425125******3586',
      'PIEKARNIA ZIARENKO',
    ],
    [
      'PKO BP',
      'Rachunek nadawcy: 61 1090 1014 0000 0712 1981 2874 Nazwa nadawcy: JÓZEF ŻÓŁKIEWSKI ' +
        'Adres nadawcy: UL. SŁONECZNA 5 00-001 WARSZAWA Tytuł: Zwrot za obiad',
      'JÓZEF ŻÓŁKIEWSKI',
    ],
    [
      'PKO BP',
      'Płatność web - kod mobilny Tytuł: 00000071234567 Lokalizacja: Adres: www.przykład.pl',
      'www.przykład.pl',
    ],
    ['PKO BP', 'Tytuł: Czynsz kwiecień', 'Czynsz kwiecień'],
    // ING Bank Śląski: "Dane kontrahenta" (name, address, city, country) and the title.
    ['ING', ' ŻABKA Z5732 K.1  KATOWICE PL ', 'ŻABKA Z5732 K.1'],
    ['ING', 'NETFLIX.COM AMSTERDAM NL', 'NETFLIX.COM'],
    ['ING', 'JANUSZ ŁĘCZYCKI UL. KRÓTKA 1 44-100 GLIWICE', 'JANUSZ ŁĘCZYCKI'],
    [
      'ING',
      'Płatność kartą 29.04.2026 Nr karty 4246xx1234 ORLEN STACJA NR 123 GLIWICE PL',
      'ORLEN STACJA NR 123',
    ],
    // Santander Bank Polska.
    ['Santander', 'DOP. MC 557519******1802 PŁATNOŚĆ KARTĄ 34.90 PLN GREEN COFFEE WARSZAWA', 'GREEN COFFEE'],
    ['Santander', 'MARIUSZ ŻÓŁTOWSKI ELIXIR 20-05-2026', 'MARIUSZ ŻÓŁTOWSKI'],
    ['Santander', 'PRZEDSZKOLE „BAJKA” UL. WESOŁA 3 00-002 WARSZAWA', 'PRZEDSZKOLE „BAJKA”'],
    // Citi Handlowy: the city before the shop.
    [
      'Citi Handlowy',
      'Transakcja bezgotówkowa \nNr karty ...5849 Krakow PayU*Allegro 34,33PLN',
      'PayU*Allegro',
    ],
    // Pekao and Alior: a card terminal's fixed-width name, city and country.
    ['Pekao', 'DELIKATESY ŚLIWKA             WROCŁAW      PL', 'DELIKATESY ŚLIWKA'],
    ['Alior', 'HOTEL AM SEE BERLIN DE', 'HOTEL AM SEE'],
    ['Alior', 'Bożena Źrebię', 'Bożena Źrebię'],
    // Revolut, N26, DKB: plain names stay as they are.
    ['Revolut', 'Café "Łódka", Sopot', 'Café "Łódka", Sopot'],
    ['Revolut', 'Top-up by *1234', 'Top-up by *1234'],
    ['N26', 'Piekarnia Łódź', 'Piekarnia Łódź'],
    ['DKB', 'Großmann & Söhne', 'Großmann & Söhne'],
  ])('reads the payee out of a %s description: %j', (_bank, raw, cleaned) => {
    expect(cleanPayee(raw)).toBe(cleaned)
  })

  it('keeps names that merely look like boilerplate or places', () => {
    for (const name of [
      'POCZTA POLSKA',
      'PKO BP',
      'USŁUGI IT',
      'LIDL ŁÓDŹ',
      'AL. CAPONE PIZZA',
      '7-ELEVEN',
    ]) {
      expect(cleanPayee(name)).toBe(name)
    }
  })

  it('keeps the letters as the bank wrote them, Polish ones included, and collapses spaces', () => {
    expect(cleanPayee('  ŚWIĘTOKRZYSKA   FABRYKA\tŁYŻEK  ')).toBe('ŚWIĘTOKRZYSKA FABRYKA ŁYŻEK')
    expect(cleanPayee('zakup przy użyciu karty   Kwiaciarnia Źdźbło')).toBe('Kwiaciarnia Źdźbło')
  })

  it('falls back to the description, spaces collapsed, when nothing would be left', () => {
    expect(cleanPayee('PRZELEW  ZEWNĘTRZNY WYCHODZĄCY')).toBe('PRZELEW ZEWNĘTRZNY WYCHODZĄCY')
    expect(cleanPayee('Płatność kartą 30.04.2026 Nr karty 4246xx1234')).toBe(
      'Płatność kartą 30.04.2026 Nr karty 4246xx1234',
    )
    expect(cleanPayee('1234')).toBe('1234')
    expect(cleanPayee('')).toBe('')
    expect(cleanPayee(' \n ')).toBe('')
  })

  // Fragments banks put together, so generated descriptions exercise every rule and their interplay.
  const fragment = fc.constantFrom(
    'ZAKUP PRZY UŻYCIU KARTY',
    'W KRAJU',
    'Płatność kartą',
    'PŁATNOŚĆ BLIK',
    'DOP. MC',
    'Tytuł:',
    'Lokalizacja:',
    'Adres:',
    'Miasto:',
    'Kraj:',
    'Nazwa odbiorcy:',
    'DATA TRANSAKCJI:',
    '2025-01-05',
    '05.01.2025',
    '18:45',
    '123,45 PLN',
    '425125******1234',
    'Nr karty ...7149',
    '61 1090 1014 0000 0712 1981 2874',
    'ŻABKA',
    'Z1234',
    'K.1',
    'BIEDRONKA',
    'SP. Z O.O.',
    'WARSZAWA',
    'ŁÓDŹ',
    'Kraków',
    'PL',
    'DE',
    '/',
    '/GDAŃSK',
    'UL.',
    'Długa 5',
    '00-950',
    'ELIXIR',
    '·',
    '|',
    ',',
    '"',
    '',
  )
  const description = fc.oneof(
    fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join(' ')),
    fc
      .array(fc.oneof(fragment, fc.string({ maxLength: 6 })), { maxLength: 8 })
      .map((parts) => parts.join('')),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  )
  const hasContent = (text: string) => /[^\s\p{Cc}]/u.test(text)

  it('is idempotent: a cleaned payee cleans to itself', () => {
    fc.assert(
      fc.property(description, (raw) => {
        const once = cleanPayee(raw)
        expect(cleanPayee(once)).toBe(once)
      }),
      { numRuns: 3_000 },
    )
  })

  it('never returns nothing for a description with content, and never leaves extra spaces', () => {
    fc.assert(
      fc.property(description, (raw) => {
        const cleaned = cleanPayee(raw)
        expect(cleaned !== '').toBe(hasContent(raw))
        expect(cleaned).toBe(cleaned.replace(/[\s\p{Cc}]+/gu, ' ').trim())
      }),
      { numRuns: 3_000 },
    )
  })
})

describe('payeeKey', () => {
  it('compares without case, diacritics (ł included) or repeated spaces', () => {
    expect(payeeKey('  ŻABKA   Łódź ')).toBe('zabka lodz')
    expect(payeeKey('Z\u0307abka')).toBe(payeeKey('Żabka'))
  })
})

const food = CategoryId.make('food')
const fuel = CategoryId.make('fuel')
const home = CategoryId.make('home')
const uncategorized = CategoryId.make('uncategorized')

const rule = (fields: Partial<PayeeRule> & Pick<PayeeRule, 'id' | 'text'>): PayeeRule => ({
  match: 'contains',
  rename: null,
  categoryId: null,
  ...fields,
})

describe('applyRules', () => {
  const rules = [
    rule({ id: 'r1', text: 'zabka', rename: 'Żabka', categoryId: food }),
    rule({ id: 'r2', text: 'ORLEN', categoryId: fuel }),
    rule({ id: 'r3', text: 'orlen stacja nr 123', rename: 'Orlen (dom)', categoryId: home }),
    rule({ id: 'r4', match: 'equals', text: 'PKO BP', rename: 'Bank' }),
  ]

  it('given a payee containing a rule’s text, renames it and gives its category', () => {
    expect(applyRules('ŻABKA Z5732 K.1', rules)).toEqual({ payee: 'Żabka', categoryId: food, ruleId: 'r1' })
  })

  it('takes the first matching rule, even when a later one fits better', () => {
    expect(applyRules('ORLEN STACJA NR 123', rules)).toEqual({
      payee: 'ORLEN STACJA NR 123',
      categoryId: fuel,
      ruleId: 'r2',
    })
  })

  it('matches "equals" rules only on the whole payee, and leaves the category unset when the rule has none', () => {
    expect(applyRules('pko  bp', rules)).toEqual({ payee: 'Bank', categoryId: null, ruleId: 'r4' })
    expect(applyRules('PKO BP SA', rules)).toEqual({ payee: 'PKO BP SA', categoryId: null, ruleId: null })
  })

  it('leaves a payee no rule matches as it is', () => {
    expect(applyRules('Kwiaciarnia', rules)).toEqual({ payee: 'Kwiaciarnia', categoryId: null, ruleId: null })
    expect(applyRules('Kwiaciarnia', [])).toEqual({ payee: 'Kwiaciarnia', categoryId: null, ruleId: null })
  })

  it('ignores a rule whose text is only spaces (it would match everything)', () => {
    expect(
      applyRules('Kwiaciarnia', [rule({ id: 'blank', text: '   ', categoryId: food })]).ruleId,
    ).toBeNull()
  })
})

const entry = (payee: string, date: string, categoryId: CategoryId | null): PayeeHistoryEntry => ({
  payee,
  date,
  categoryId,
})

describe('learnCategories', () => {
  it(`suggests a category used in at least ${LEARN_AT_LEAST} of the payee’s last ${LEARN_FROM_LAST}, with the evidence`, () => {
    const learned = learnCategories([
      entry('ŻABKA', '2026-05-05', food),
      entry('ŻABKA', '2026-05-04', food),
      entry('Żabka', '2026-05-03', home),
      entry('zabka', '2026-05-02', food),
      entry('ŻABKA', '2026-05-01', home),
    ])
    expect(learned('ŻABKA')).toEqual({ categoryId: food, count: 3, of: 5 })
  })

  it('shows "5 z 5" when every one of the last five agrees', () => {
    const history = [1, 2, 3, 4, 5].map((day) => entry('ORLEN', `2026-05-0${day}`, fuel))
    expect(learnCategories(history)('orlen')).toEqual({ categoryId: fuel, count: 5, of: 5 })
  })

  it('suggests nothing when no category reaches three of the last five', () => {
    const learned = learnCategories([
      entry('SKLEP', '2026-05-05', food),
      entry('SKLEP', '2026-05-04', food),
      entry('SKLEP', '2026-05-03', home),
      entry('SKLEP', '2026-05-02', fuel),
      entry('SKLEP', '2026-05-01', home),
      // Older than the last five: it does not count.
      entry('SKLEP', '2026-04-01', food),
    ])
    expect(learned('SKLEP')).toBeUndefined()
  })

  it('looks only at the latest five, whatever order the history comes in', () => {
    const history = [
      entry('APTEKA', '2026-01-01', food),
      entry('APTEKA', '2026-01-02', food),
      entry('APTEKA', '2026-01-03', food),
      entry('APTEKA', '2026-06-01', home),
      entry('APTEKA', '2026-06-02', home),
      entry('APTEKA', '2026-06-03', home),
      entry('APTEKA', '2026-06-04', fuel),
      entry('APTEKA', '2026-06-05', fuel),
    ]
    expect(learnCategories(history)('APTEKA')).toEqual({ categoryId: home, count: 3, of: 5 })
    expect(learnCategories([...history].reverse())('APTEKA')).toEqual({ categoryId: home, count: 3, of: 5 })
  })

  it('counts only categorized transactions, and fewer than five when the payee has fewer', () => {
    const learned = learnCategories([
      entry('KINO', '2026-05-05', null),
      entry('KINO', '2026-05-04', food),
      entry('KINO', '2026-05-03', food),
      entry('KINO', '2026-05-02', food),
      entry('KINO', '2026-05-01', uncategorized),
    ])
    expect(learned('KINO')).toEqual({ categoryId: food, count: 3, of: 4 })
    const ignoring = learnCategories(
      [entry('KINO', '2026-05-01', uncategorized), entry('KINO', '2026-05-02', food)],
      { ignore: (id) => id === uncategorized },
    )
    expect(ignoring('KINO')).toBeUndefined()
  })

  it('needs three: two agreeing transactions suggest nothing', () => {
    const learned = learnCategories([entry('KINO', '2026-05-05', food), entry('KINO', '2026-05-04', food)])
    expect(learned('KINO')).toBeUndefined()
  })

  it('gives the same suggestions for any order of a history with distinct dates', () => {
    const day = fc.integer({ min: 1, max: 365 }).map((n) => {
      const date = new Date(Date.UTC(2026, 0, n))
      return date.toISOString().slice(0, 10)
    })
    const histories = fc
      .uniqueArray(
        fc.record({
          payee: fc.constantFrom('ŻABKA', 'zabka', 'ORLEN', 'Kino'),
          categoryId: fc.constantFrom(food, fuel, home, null),
          date: day,
        }),
        { selector: (item) => `${payeeKey(item.payee)} ${item.date}`, maxLength: 40 },
      )
      .chain((history) =>
        fc.tuple(fc.constant(history), fc.shuffledSubarray(history, { minLength: history.length })),
      )
    fc.assert(
      fc.property(histories, ([history, shuffled]) => {
        const one = learnCategories(history)
        const other = learnCategories(shuffled)
        for (const payee of ['żabka', 'orlen', 'kino']) expect(other(payee)).toEqual(one(payee))
      }),
    )
  })

  it('learns from 100 000 transactions quickly and looks up each row in constant time', () => {
    const history = Array.from({ length: 100_000 }, (_, index) =>
      entry(`SKLEP NR ${index % 5_000}`, `2026-${String((index % 12) + 1).padStart(2, '0')}-15`, food),
    )
    const start = performance.now()
    const learned = learnCategories(history)
    for (let row = 0; row < 50_000; row++) learned(`SKLEP NR ${row % 6_000}`)
    const elapsed = performance.now() - start
    expect(learned('sklep nr 42')).toEqual({ categoryId: food, count: 5, of: 5 })
    // About 0.1 s on the development machine; the bound catches a quadratic turn on a busy one.
    expect(elapsed).toBeLessThan(1_500)
  })
})

describe('cleaning a large file', () => {
  it('cleans 50 000 descriptions well within the import’s budget', () => {
    const descriptions = Array.from(
      { length: 50_000 },
      (_, index) =>
        `DOP. MC 557519******1802 PŁATNOŚĆ KARTĄ ${index % 100},50 PLN SKLEP ŻABKA NR ${index} WARSZAWA`,
    )
    const start = performance.now()
    const cleaned = descriptions.map(cleanPayee)
    const elapsed = performance.now() - start
    expect(cleaned[7]).toBe('SKLEP ŻABKA NR 7')
    expect(elapsed).toBeLessThan(2_500)
  })
})
