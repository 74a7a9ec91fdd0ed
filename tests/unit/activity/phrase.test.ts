import i18next, { type TFunction } from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import mainDe from '../../../locales/de.json' with { type: 'json' }
import mainEn from '../../../locales/en.json' with { type: 'json' }
import mainPl from '../../../locales/pl.json' with { type: 'json' }
import de from '../../../locales/screens/activity.de.json' with { type: 'json' }
import en from '../../../locales/screens/activity.en.json' with { type: 'json' }
import pl from '../../../locales/screens/activity.pl.json' with { type: 'json' }
import budgetViewDe from '../../../locales/screens/budgetView.de.json' with { type: 'json' }
import budgetViewEn from '../../../locales/screens/budgetView.en.json' with { type: 'json' }
import budgetViewPl from '../../../locales/screens/budgetView.pl.json' with { type: 'json' }
import { type ActivityEntry, ActivityKind } from '../../../schemas/activity.ts'
import { UserId } from '../../../schemas/ids.ts'
import { CurrencyCode, type Instant, type IsoDate, Minor, type PeriodKey } from '../../../schemas/money.ts'
import { whatText, whoText } from '../../../src/views/activity/phrase.ts'

// Every kind the server tells is phrased in pl, en and de, with the names and amounts filled in and no placeholder
// left; Polish phrases are noun phrases, never a verb in the past tense (which would carry a gender).

const OLA = UserId.make('ola')
const PLN = CurrencyCode.make('PLN')
const full = (kind: ActivityKind): ActivityEntry => ({
  seq: 7,
  lastSeq: 7,
  recordedAt: '2026-03-10T10:00:00.000Z' as Instant,
  actorUserId: OLA,
  actorName: 'Ola',
  kind,
  name: 'Jedzenie',
  previousName: 'Żywność',
  to: 'Oszczędności',
  from: 'Kino',
  account: 'Konto osobiste',
  amount: Minor.make(30_000),
  count: 120,
  period: '202503' as PeriodKey,
  date: '2026-03-10' as IsoDate,
})

const translators: Record<string, TFunction> = {}

beforeAll(async () => {
  const all = {
    pl: { ...mainPl, ...budgetViewPl, ...pl },
    en: { ...mainEn, ...budgetViewEn, ...en },
    de: { ...mainDe, ...budgetViewDe, ...de },
  }
  for (const [lng, texts] of Object.entries(all)) {
    const instance = i18next.createInstance()
    await instance.init({
      lng,
      resources: { [lng]: { translation: texts } },
      interpolation: { escapeValue: false },
    })
    translators[lng] = instance.t
  }
})

describe('activity phrases', () => {
  it.each(['pl', 'en', 'de'])('phrase every kind in %s, every placeholder filled', (lng) => {
    const t = translators[lng] as TFunction
    for (const kind of ActivityKind.literals) {
      const text = whatText(full(kind), PLN, lng, t)
      expect(text, kind).not.toContain('{{')
      expect(text, kind).not.toContain('activity.kinds')
    }
  })

  it('names categories and accounts after a noun in Polish, and Ready to Assign as "pula"', () => {
    const t = translators.pl as TFunction
    expect(whatText(full('assigned'), PLN, 'pl', t)).toBe(
      'przydział 300,00\u00a0zł do kategorii Jedzenie (marzec 2025)',
    )
    expect(whatText({ ...full('moneyMoved'), from: null }, PLN, 'pl', t)).toContain(
      'z puli Do przydzielenia do kategorii Oszczędności',
    )
    expect(whatText({ ...full('transactionsImported'), count: 120 }, PLN, 'pl', t)).toBe(
      'import 120 transakcji na konto Konto osobiste',
    )
    expect(whatText(full('moneyMoved'), PLN, 'pl', t)).toBe(
      'przesunięcie 300,00\u00a0zł z kategorii Kino do kategorii Oszczędności (marzec 2025)',
    )
    expect(whatText(full('transactionAdded'), PLN, 'pl', t)).toBe(
      'nowa transakcja Jedzenie 300,00\u00a0zł na koncie Konto osobiste',
    )
    expect(whatText(full('transferAdded'), PLN, 'pl', t)).toBe(
      'nowy przelew 300,00\u00a0zł z konta Konto osobiste na konto Oszczędności',
    )
    // English needs no such noun.
    expect(whatText(full('moneyMoved'), PLN, 'en', translators.en as TFunction)).toContain(
      'from Kino to Oszczędności',
    )
    // A deletion whose transaction the server could not find says only what happened.
    const { amount: _amount, ...unknown } = full('transactionDeleted')
    expect(whatText({ ...unknown, name: null }, PLN, 'pl', t)).toBe('usunięcie transakcji')
  })

  it('uses no past-tense verb in Polish (no grammatical gender)', () => {
    // "dodał"/"dodała", "usunęło": a past-tense verb ends in -ł, -ła, -ło; no word of a phrase does but the noun
    // "przydział".
    const nouns = new Set(['przydział'])
    for (const phrase of Object.values(pl.activity.kinds))
      for (const word of phrase.split(/[\s(),:]+/u).filter((w) => !nouns.has(w)))
        expect(word, phrase).not.toMatch(/(?:ł|ła|ło)$/u)
  })

  it('names the member, a former member by the server’s name, or says who while names are unknown', () => {
    const t = translators.pl as TFunction
    const bob = [{ userId: UserId.make('bob'), name: 'Bob' }]
    expect(whoText({ actorUserId: OLA, actorName: 'Ola' }, [{ userId: OLA, name: 'Ola' }], t)).toBe('Ola')
    // Removed from the budget, the account still there: the server's name, not "były członek".
    expect(whoText({ actorUserId: OLA, actorName: 'Ola K.' }, bob, t)).toBe('Ola K.')
    expect(whoText({ actorUserId: OLA, actorName: 'Ola K.' }, [], t)).toBe('Ola K.')
    // Only a deleted account is a former member without a name.
    expect(whoText({ actorUserId: OLA, actorName: null }, bob, t)).toBe('były członek')
    expect(whoText({ actorUserId: OLA, actorName: null }, [], t)).toBe('członek budżetu')
    expect(whoText({ actorUserId: OLA, actorName: null }, [{ userId: OLA, name: null }], t)).toBe(
      'członek budżetu',
    )
  })

  it('names the built-in category, the income destination and a reconciliation in the reader’s language', () => {
    const t = translators.pl as TFunction
    const entry = (kind: ActivityKind, name: string): ActivityEntry => ({ ...full(kind), name, to: name })
    expect(whatText(entry('assigned', 'uncategorized'), PLN, 'pl', t)).toContain('Bez kategorii')
    expect(whatText(entry('transactionAdded', 'reconciliation-adjustment'), PLN, 'pl', t)).toContain(
      'Korekta uzgodnienia',
    )
    expect(whatText(entry('categoryRenamed', 'readyToAssign'), PLN, 'pl', t)).toContain('Do przydzielenia')
    const de = translators.de as TFunction
    expect(whatText(entry('assigned', 'uncategorized'), PLN, 'de', de)).not.toContain('uncategorized')
  })
})
