import { describe, expect, it } from 'vitest'
import { invitationMessage } from '../../../server/sharing/mail.ts'

const mail = {
  to: 'ola@example.com',
  inviter: 'Kasia',
  budgetName: 'Dom',
  url: 'https://koperta.example/invitation/secret',
}

describe('the invitation mail', () => {
  it.each([
    ['pl', 'Zaproszenie do budżetu „Dom” w Koperta', 'Kasia zaprasza', 'tylko do podglądu'],
    ['en', 'Invitation to the budget “Dom” in Koperta', 'Kasia invites you', 'view-only'],
    ['de', 'Einladung zum Budget „Dom“ in Koperta', 'Kasia lädt Sie', 'nur zur Ansicht'],
    [null, 'Zaproszenie do budżetu „Dom” w Koperta', 'Kasia zaprasza', 'tylko do podglądu'],
  ])(
    'speaks the inviter’s language (%s), naming the access and carrying the link',
    (locale, subject, who, access) => {
      const message = invitationMessage({ ...mail, access: 'Read', locale })
      expect(message.to).toBe(mail.to)
      expect(message.subject).toBe(subject)
      expect(message.text).toContain(who)
      expect(message.text).toContain(access)
      expect(message.text).toContain(mail.url)
    },
  )

  it('names edit access as such', () => {
    expect(invitationMessage({ ...mail, access: 'Edit', locale: 'en' }).text).toContain('with edit access')
  })
})
