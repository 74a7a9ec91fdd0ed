import type { NotificationType } from '../../schemas/notifications.ts'

// What e-mail and Web Push say, in the user's language (users.locale; Polish until chosen). The app words its own
// list from locales/*.json (`notifications.<type>`); these are the server's texts for the channels outside it.

export type TextLocale = 'pl' | 'en' | 'de'

export const textLocaleOf = (locale: string | null): TextLocale =>
  locale === 'en' || locale === 'de' ? locale : 'pl'

export interface Text {
  readonly title: string
  readonly body: string
}

type Params = Readonly<Record<string, string | number>>
type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string }

const plural = (locale: TextLocale, count: number, forms: Plural): string =>
  (forms[new Intl.PluralRules(locale).select(count)] ?? forms.other).replace('{count}', String(count))

const text = (params: Params, key: string): string => String(params[key] ?? '')
const count = (params: Params): number => Number(params.count ?? 0)

const dateOf = (locale: TextLocale, iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}

const texts: Record<TextLocale, Record<NotificationType, (params: Params) => Text>> = {
  pl: {
    Welcome: () => ({
      title: 'Witaj w Koperta!',
      body: 'Tu znajdziesz przypomnienia o płatnościach i nowości z Twoich budżetów.',
    }),
    SubscriptionExpiresSoon: (params) => ({
      title: 'Subskrypcja wkrótce wygasa',
      body: `Twoja subskrypcja kończy się ${dateOf('pl', text(params, 'endsAt'))}. Przedłuż ją, aby nie stracić dostępu.`,
    }),
    TransactionsSynchronized: (params) => ({
      title: 'Nowe transakcje',
      body: `${plural('pl', count(params), { one: 'Dodano {count} transakcję', few: 'Dodano {count} transakcje', other: 'Dodano {count} transakcji' })} na koncie ${text(params, 'accountName')}.`,
    }),
    DraftsDue: (params) => ({
      title: 'Transakcje do zatwierdzenia',
      body: `${plural('pl', count(params), { one: '{count} cykliczna transakcja czeka', few: '{count} cykliczne transakcje czekają', other: '{count} cyklicznych transakcji czeka' })} na zatwierdzenie w budżecie ${text(params, 'budgetName')}.`,
    }),
    SpendingReminder: () => ({
      title: 'Wpisz dzisiejsze wydatki',
      body: 'Kilka chwil teraz oszczędzi zgadywania przy uzgadnianiu konta.',
    }),
  },
  en: {
    Welcome: () => ({
      title: 'Welcome to Koperta!',
      body: 'Here you will find payment reminders and news from your budgets.',
    }),
    SubscriptionExpiresSoon: (params) => ({
      title: 'Your subscription ends soon',
      body: `Your subscription ends on ${dateOf('en', text(params, 'endsAt'))}. Renew it to keep your access.`,
    }),
    TransactionsSynchronized: (params) => ({
      title: 'New transactions',
      body: `${plural('en', count(params), { one: '{count} transaction was added', other: '{count} transactions were added' })} to ${text(params, 'accountName')}.`,
    }),
    DraftsDue: (params) => ({
      title: 'Transactions to confirm',
      body: `${plural('en', count(params), { one: '{count} recurring transaction is', other: '{count} recurring transactions are' })} waiting for your confirmation in ${text(params, 'budgetName')}.`,
    }),
    SpendingReminder: () => ({
      title: "Enter today's spending",
      body: 'A few moments now save guessing when you reconcile.',
    }),
  },
  de: {
    Welcome: () => ({
      title: 'Willkommen bei Koperta!',
      body: 'Hier findest du Zahlungserinnerungen und Neuigkeiten aus deinen Budgets.',
    }),
    SubscriptionExpiresSoon: (params) => ({
      title: 'Dein Abonnement endet bald',
      body: `Dein Abonnement endet am ${dateOf('de', text(params, 'endsAt'))}. Verlängere es, um den Zugang zu behalten.`,
    }),
    TransactionsSynchronized: (params) => ({
      title: 'Neue Buchungen',
      body: `${plural('de', count(params), { one: '{count} Buchung wurde', other: '{count} Buchungen wurden' })} zum Konto ${text(params, 'accountName')} hinzugefügt.`,
    }),
    DraftsDue: (params) => ({
      title: 'Buchungen zu bestätigen',
      body: `${plural('de', count(params), { one: '{count} wiederkehrende Buchung wartet', other: '{count} wiederkehrende Buchungen warten' })} in ${text(params, 'budgetName')} auf deine Bestätigung.`,
    }),
    SpendingReminder: () => ({
      title: 'Trage die heutigen Ausgaben ein',
      body: 'Ein paar Augenblicke jetzt ersparen dir das Raten beim Abgleichen.',
    }),
  },
}

export const textOf = (locale: TextLocale, type: NotificationType, params: Params): Text =>
  texts[locale][type](params)
