import type { Message } from '../identity/mailer.ts'

// The invitation mail, in the inviter's language (users.locale; Polish until they chose one). Polish phrasing that
// needs no grammatical gender: "Ola zaprasza", never "Ola zaprosiła".

export type MailLocale = 'pl' | 'en' | 'de'

export interface InvitationMail {
  readonly to: string
  readonly inviter: string
  readonly budgetName: string
  readonly access: 'Edit' | 'Read'
  readonly url: string
  readonly locale: string | null
}

const texts = {
  pl: {
    subject: (budget: string) => `Zaproszenie do budżetu „${budget}” w Koperta`,
    access: { Edit: 'z prawem edycji', Read: 'tylko do podglądu' },
    body: (inviter: string, budget: string, access: string, url: string) =>
      `${inviter} zaprasza do wspólnego budżetu „${budget}” w Koperta (${access}).\n\n` +
      `Aby dołączyć, otwórz ten link (jednorazowy, ważny 7 dni) i zaloguj się albo załóż konto:\n${url}\n\n` +
      'Jeśli to zaproszenie nie jest dla Ciebie, zignoruj tę wiadomość.',
  },
  en: {
    subject: (budget: string) => `Invitation to the budget “${budget}” in Koperta`,
    access: { Edit: 'with edit access', Read: 'view-only' },
    body: (inviter: string, budget: string, access: string, url: string) =>
      `${inviter} invites you to share the budget “${budget}” in Koperta (${access}).\n\n` +
      `To join, open this link (single use, valid for 7 days) and sign in or create an account:\n${url}\n\n` +
      'If this invitation is not for you, ignore this message.',
  },
  de: {
    subject: (budget: string) => `Einladung zum Budget „${budget}“ in Koperta`,
    access: { Edit: 'mit Bearbeitungsrecht', Read: 'nur zur Ansicht' },
    body: (inviter: string, budget: string, access: string, url: string) =>
      `${inviter} lädt Sie zum gemeinsamen Budget „${budget}“ in Koperta ein (${access}).\n\n` +
      `Um beizutreten, öffnen Sie diesen Link (einmalig, 7 Tage gültig) und melden Sie sich an oder registrieren Sie sich:\n${url}\n\n` +
      'Wenn diese Einladung nicht für Sie bestimmt ist, ignorieren Sie diese Nachricht.',
  },
} as const satisfies Record<MailLocale, unknown>

const localeOf = (locale: string | null): MailLocale => (locale === 'en' || locale === 'de' ? locale : 'pl')

export const invitationMessage = (mail: InvitationMail): Message => {
  const text = texts[localeOf(mail.locale)]
  return {
    to: mail.to,
    subject: text.subject(mail.budgetName),
    text: text.body(mail.inviter, mail.budgetName, text.access[mail.access], mail.url),
  }
}
