import { describe, expect, it } from 'vitest'
import { currencyCodes } from '../../../domain/currency.ts'
import de from '../../../locales/screens/budgets.de.json' with { type: 'json' }
import en from '../../../locales/screens/budgets.en.json' with { type: 'json' }
import pl from '../../../locales/screens/budgets.pl.json' with { type: 'json' }
import { currencyChoices } from '../../../src/views/budgetList/currencies.ts'

const lookup =
  (names: Readonly<Record<string, string>>) =>
  (code: string): string | undefined =>
    names[code]

describe('currencyChoices', () => {
  it.each([
    ['pl', pl.budgets.currencyNames],
    ['en', en.budgets.currencyNames],
    ['de', de.budgets.currencyNames],
  ] as const)('names every currency in %s beside its code', (locale, own) => {
    const choices = currencyChoices(locale, lookup(own))
    expect(choices.map((choice) => choice.id).sort()).toEqual([...currencyCodes].sort())
    const codeOnly = choices.filter((choice) => !new RegExp(`^${choice.id} — \\S`, 'u').test(choice.label))
    expect(codeOnly).toEqual([])
  })

  it('prefers the name the platform knows, and ours only where it knows none', () => {
    const byId = new Map(currencyChoices('pl', lookup(pl.budgets.currencyNames)).map((c) => [c.id, c.label]))
    expect(byId.get('PLN')).toBe('PLN — złoty polski')
    expect(byId.get('CHE')).toBe(`CHE — ${pl.budgets.currencyNames.CHE}`)
  })
})
