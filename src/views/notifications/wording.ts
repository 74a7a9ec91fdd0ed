import type { TFunction } from 'i18next'
import { isKnownCurrency } from '../../../domain/currency.ts'
import { formatAmount } from '../../../domain/money.ts'
import type { Minor } from '../../../schemas/money.ts'
import type { Notification } from '../../../schemas/notifications.ts'

/** Params that are amounts in minor units of the notification's `currency`. */
const AMOUNT_PARAM = /^(?:amount|total)$|Amount$/u

/**
 * The params as the texts use them: amounts formatted in the notification's currency and the user's locale, and
 * `count` for the plural forms (a `days` param counts too: "za 1 dzień", "za 7 dni").
 */
export const textParams = (
  params: Notification['params'],
  locale: string,
): Record<string, string | number> => {
  const currency = params.currency
  const formatted: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(params)) {
    if (key === 'endsAt' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
      formatted[key] = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(value))
      continue
    }
    formatted[key] =
      typeof value === 'number' &&
      typeof currency === 'string' &&
      isKnownCurrency(currency) &&
      AMOUNT_PARAM.test(key)
        ? // Integer minor units by the contract (schemas/notifications.ts); the brand is only a type.
          formatAmount(value as Minor, currency, locale)
        : value
  }
  const count = params.count ?? params.days
  return typeof count === 'number'
    ? { budgetName: '', ...formatted, count }
    : { budgetName: '', ...formatted }
}

/** A notification's title and body in the user's language (`notifications.<type>.title`/`.body`). */
export const wordingOf = (
  t: TFunction,
  notification: Notification,
  locale: string,
): { readonly title: string; readonly body: string } => {
  const params = textParams(notification.params, locale)
  return {
    title: t(`notifications.${notification.type}.title`, params),
    body: t(`notifications.${notification.type}.body`, params),
  }
}
