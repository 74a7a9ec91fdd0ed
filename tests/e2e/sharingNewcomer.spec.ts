import { expect, type Page, test } from '@playwright/test'
import { arrangeBudget } from './budgetData.ts'
import { membersPath, secondBrowser } from './partners.ts'
import { PASSWORD, signInThrough, snap, uniqueEmail } from './support.ts'

// Issue 30 as a newcomer met it: a link opened signed out says whose budget it is before asking to sign in; one's
// own name is set from the members list; a revoked invitation's link is no longer offered.

// Unique: the worker's account is shared by journeys, and another names its owner Ola.
const JOINER = 'Ola Dołączająca'

/** Invites `email` and returns the link's path; the new link's panel takes the focus. */
const invite = async (page: Page, email: string) => {
  const form = page.getByRole('form', { name: 'Zaproś osobę' })
  await form.getByRole('textbox', { name: 'Adres e-mail' }).fill(email)
  await form.getByRole('button', { name: 'Zaproś' }).click()
  const panel = page.getByRole('region', { name: 'Zaproszenie gotowe' })
  await expect(panel).toBeFocused()
  await expect(panel).toBeInViewport()
  return new URL(await page.getByRole('textbox', { name: 'Link zaproszenia' }).inputValue()).pathname
}

test('a link opened signed out names the inviter and the budget, then registers back to it', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(90_000)
  const name = `Dom ${Date.now()}`
  const budget = await arrangeBudget(request, name)
  // Someone without an account yet: "Załóż konto" opens the registration itself, not the sign-in page.
  const guestEmail = uniqueEmail('joiner')
  await signInThrough(page, membersPath(info, budget.id))
  const linkPath = await invite(page, guestEmail)

  const guest = await secondBrowser(browser, info)
  await guest.page.goto(linkPath)
  await expect(guest.page.getByText(new RegExp(`zaprasza Cię do budżetu „${name}”`, 'u'))).toBeVisible()
  await snap(guest.page, info, 'sharing-newcomer-landing')
  await guest.page.getByRole('link', { name: 'Załóż konto' }).click()
  await expect(guest.page.getByRole('heading', { name: 'Załóż konto' })).toBeVisible()
  await guest.page.getByLabel('Adres e-mail').fill(guestEmail)
  await guest.page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await guest.page.getByRole('button', { name: 'Załóż konto' }).click()
  // Registered, the person is signed in without typing the password again and is back on the invitation.
  await guest.page.waitForURL((url) => url.pathname === linkPath)

  // Signed in, the person may say how the others will see them before joining.
  await guest.page.getByRole('textbox', { name: 'Nazwa widoczna dla innych (opcjonalnie)' }).fill(JOINER)
  await guest.page.getByRole('button', { name: 'Dołącz do budżetu' }).click()
  await guest.page.waitForURL(new RegExp(`/budget/${budget.id}/`, 'u'))
  await page.reload()
  const members = page.getByRole('list', { name: 'Członkowie budżetu' })
  await expect(members.getByRole('listitem').filter({ hasText: JOINER })).toContainText('Może edytować')
  await guest.context.close()
})

test('one sets the name the others see from the members list', async ({ page, request }, info) => {
  const budget = await arrangeBudget(request, `Nazwa ${Date.now()}`)
  await signInThrough(page, membersPath(info, budget.id))
  const mine = page.getByRole('list', { name: 'Członkowie budżetu' }).getByRole('listitem').first()
  await expect(mine).toContainText('Tak widzą Cię inni:')
  await expect(mine).toContainText('Jako właściciel możesz opuścić budżet po przekazaniu go innej osobie.')
  const shownName = `Marek ${Date.now() % 1000}`
  await mine.getByRole('button', { name: 'Zmień nazwę' }).click()
  const field = page.getByRole('textbox', { name: 'Nazwa widoczna dla innych' })
  await expect(field).toBeFocused()
  await field.fill(shownName)
  await snap(page, info, 'sharing-newcomer-rename')
  await page.getByRole('button', { name: 'Zapisz nazwę' }).click()
  await expect(mine).toContainText(`Tak widzą Cię inni: ${shownName}`)
  await expect(mine.getByRole('button', { name: 'Zmień nazwę' })).toBeFocused()
  // Back to the e-mail, so the worker's other journeys see what they expect.
  await mine.getByRole('button', { name: 'Zmień nazwę' }).click()
  await page.getByRole('textbox', { name: 'Nazwa widoczna dla innych' }).fill('')
  await page.getByRole('button', { name: 'Zapisz nazwę' }).click()
  await expect(mine).not.toContainText(shownName)
})

test('revoking an invitation asks first and takes its link away', async ({ page, request }, info) => {
  const budget = await arrangeBudget(request, `Cofnięte ${Date.now()}`)
  const email = uniqueEmail('revoked')
  await signInThrough(page, membersPath(info, budget.id))
  await invite(page, email)
  await page.getByRole('button', { name: `Unieważnij zaproszenie: ${email}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Unieważnić zaproszenie?' })
  await expect(dialog).toContainText(email)
  await dialog.getByRole('button', { name: 'Unieważnij' }).click()
  await expect(page.getByText('Brak oczekujących zaproszeń.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Zaproszenie gotowe' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Kopiuj link' })).toHaveCount(0)
})
