import { describe, expect, it } from 'vitest'
import { NotificationType } from '../../../schemas/notifications.ts'
import { textLocaleOf, textOf } from '../../../server/notifications/texts.ts'

// E-mail and push texts: every type in pl, en and de, counts in each language's plural forms.

const params = {
  count: 3,
  accountName: 'mBank',
  budgetName: 'Dom',
  budgetId: 'b',
  endsAt: '2027-02-10T00:00:00Z',
}

describe('notification texts', () => {
  it('words every type in every language, leaving no placeholder', () => {
    for (const locale of ['pl', 'en', 'de'] as const) {
      for (const type of NotificationType.literals) {
        const text = textOf(locale, type, params)
        expect(text.title.length, `${locale} ${type}`).toBeGreaterThan(0)
        expect(text.body, `${locale} ${type}`).not.toMatch(/\{|undefined|NaN/u)
      }
    }
  })

  it('uses Polish plural forms', () => {
    const body = (count: number) => textOf('pl', 'TransactionsSynchronized', { ...params, count }).body
    expect(body(1)).toBe('Dodano 1 transakcję na koncie mBank.')
    expect(body(3)).toBe('Dodano 3 transakcje na koncie mBank.')
    expect(body(5)).toBe('Dodano 5 transakcji na koncie mBank.')
    expect(body(22)).toBe('Dodano 22 transakcje na koncie mBank.')
    expect(textOf('de', 'DraftsDue', { ...params, count: 1 }).body).toBe(
      '1 wiederkehrende Buchung wartet in Dom auf deine Bestätigung.',
    )
    expect(textOf('de', 'SubscriptionExpiresSoon', params).body).toContain('10. Februar 2027')
  })

  it('falls back to Polish for a user who chose no language', () => {
    expect(textLocaleOf(null)).toBe('pl')
    expect(textLocaleOf('de')).toBe('de')
    expect(textLocaleOf('fr')).toBe('pl')
  })
})
