import { expect, type Page, type TestInfo, test } from '@playwright/test'
import { arrangeBudget } from './budgetData.ts'
import { membersPath, newAccount, secondBrowser } from './partners.ts'
import {
  currentPeriod,
  expectNoSeriousA11yViolations,
  PASSWORD,
  signInThrough,
  snap,
  uniqueEmail,
  workerAccount,
  zl,
} from './support.ts'

// Issue 30: two people share a budget end to end — invite, accept, both budget, access enforced, removal at once —
// on both viewports; and links that can no longer be used say why.

const phone = (info: TestInfo) => info.project.name === 'mobile'

/** Opens `path` signed out and signs in at the provider as `email`; returns once `path` shows again. */
const signInAs = async (page: Page, path: string, email: string) => {
  await page.goto(path)
  // Signed out, an invitation link first says who invites to which budget.
  await expect(page.getByText(/zaprasza Cię do budżetu/u)).toBeVisible()
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  // Newcomers register from the same page and come back to the link the same way.
  await expect(page.getByRole('link', { name: 'Załóż konto' })).toBeVisible()
  await page.getByLabel('Adres e-mail').fill(email)
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
}

/** Invites `email` from the members screen and returns the link's path (the server's PUBLIC_URL may differ). */
const invite = async (page: Page, email: string, access: 'Edycja' | 'Tylko podgląd' = 'Edycja') => {
  const form = page.getByRole('form', { name: 'Zaproś osobę' })
  await form.getByRole('textbox', { name: 'Adres e-mail' }).fill(email)
  await form.locator('label').filter({ hasText: access }).click()
  await form.getByRole('button', { name: 'Zaproś' }).click()
  const link = page.getByRole('textbox', { name: 'Link zaproszenia' })
  await expect(link).toHaveValue(/\/invitation\/[A-Za-z0-9_-]+$/u)
  await expect(page.getByText(`Link poszedł mailem na ${email}`)).toBeVisible()
  return new URL(await link.inputValue()).pathname
}

/** Assigns `amount` to Czynsz in the open month, the way each device does it. */
const assignRent = async (page: Page, info: TestInfo, budgetId: string, rentId: string, amount: string) => {
  if (!phone(info)) {
    const field = page.getByLabel('Przydzielono: Czynsz', { exact: true })
    await field.fill(amount)
    await field.press('Enter')
    return
  }
  await page.goto(`/budget/${budgetId}/period/${currentPeriod}/categories/${rentId}`)
  await page.getByRole('dialog').getByRole('button', { name: 'Przydziel', exact: true }).click()
  await page.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' }).fill(amount)
  await page.getByRole('dialog').getByRole('button', { name: 'Przydziel', exact: true }).click()
}

const readyToAssign = (page: Page) => page.getByTestId('ready-to-assign')

test('two people share a budget: invite, accept, budget together, read-only, removal', async ({
  browser,
  context,
  page,
  request,
}, info) => {
  test.setTimeout(150_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const name = `Wspólny ${Date.now()}`
  const budget = await arrangeBudget(request, name)
  const partnerEmail = newAccount('partner')
  const month = `/budget/${budget.id}/period/${currentPeriod}`

  // The owner invites the partner with edit access and copies the link.
  await signInThrough(page, membersPath(info, budget.id))
  await expect(page.getByRole('heading', { name: 'Członkowie' })).toBeVisible()
  const linkPath = await invite(page, partnerEmail)
  await page.getByRole('button', { name: 'Kopiuj link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link skopiowany.' })).toBeVisible()
  expect(new URL(await page.evaluate(() => navigator.clipboard.readText())).pathname).toBe(linkPath)
  const pending = page.getByRole('list', { name: 'Zaproszenia oczekujące' })
  await expect(pending.getByRole('listitem').filter({ hasText: partnerEmail })).toContainText('Edycja')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'sharing-members-invited')

  // The partner opens the link signed out, signs in and comes back to it, then joins.
  const partner = await secondBrowser(browser, info)
  await signInAs(partner.page, linkPath, partnerEmail)
  await expect(partner.page.getByRole('heading', { name: 'Zaproszenie do budżetu' })).toBeVisible()
  await expect(partner.page.getByText(name, { exact: true })).toBeVisible()
  await expect(partner.page.getByRole('definition').filter({ hasText: /^Edycja/u })).toBeVisible()
  await expectNoSeriousA11yViolations(partner.page)
  await snap(partner.page, info, 'sharing-invitation')
  await partner.page.getByRole('button', { name: 'Dołącz do budżetu' }).click()
  await partner.page.waitForURL(new RegExp(`/budget/${budget.id}/period/\\d{6}`, 'u'))
  await expect(readyToAssign(partner.page)).toHaveText(zl('5 000,00'))

  // The link was single-use: opening it again says so and leads on.
  await partner.page.goto(linkPath)
  await expect(partner.page.getByRole('alert')).toContainText('Ten link został już użyty — przez Ciebie.')
  await expect(partner.page.getByRole('link', { name: 'Twoje budżety' })).toBeVisible()

  // The owner sees the partner among the members, the invitation no longer pending.
  await page.reload()
  const members = page.getByRole('list', { name: 'Członkowie budżetu' })
  await expect(members.getByRole('listitem').filter({ hasText: partnerEmail })).toContainText('Może edytować')
  await expect(page.getByText('Brak oczekujących zaproszeń.')).toBeVisible()

  // Both budget: the partner's assignment shows in the owner's open month without a reload.
  await page.goto(month)
  await expect(readyToAssign(page)).toHaveText(zl('5 000,00'))
  await partner.page.goto(month)
  await expect(readyToAssign(partner.page)).toHaveText(zl('5 000,00'))
  await assignRent(partner.page, info, budget.id, budget.rentId, '1200')
  await expect(readyToAssign(page)).toHaveText(zl('3 800,00'))
  await partner.page.goto(month)
  await expect(readyToAssign(partner.page)).toHaveText(zl('3 800,00'))

  // The owner makes the partner read-only.
  await page.goto(membersPath(info, budget.id))
  await page.getByRole('button', { name: `Zmień na tylko podgląd: ${partnerEmail}` }).click()
  await expect(members.getByRole('listitem').filter({ hasText: partnerEmail })).toContainText('Tylko podgląd')
  // The partner's month, open since before the change, turns read-only at once, without the partner doing anything
  // (a refused write says why too: tests/e2e/readOnly.spec.ts).
  await expect(partner.page.getByTestId('read-only-banner')).toBeVisible()
  await expect(
    partner.page.getByRole('button', { name: 'Działania kategorii Jedzenie', exact: true }),
  ).toHaveCount(0)
  await expect(partner.page.getByText('Jedzenie', { exact: true })).toBeVisible()
  await partner.page.goto(month)
  await expect(readyToAssign(partner.page)).toHaveText(zl('3 800,00'))
  // The partner's budget settings say why nothing can be changed, and offer no owner's action.
  await partner.page.goto(`/budget/${budget.id}/settings`)
  await expect(
    partner.page.getByText('Masz dostęp tylko do podglądu — właściciel może to zmienić.').first(),
  ).toBeVisible()
  await expect(partner.page.getByRole('button', { name: 'Usuń budżet' })).toHaveCount(0)
  await partner.page.goto(month)
  await expect(readyToAssign(partner.page)).toHaveText(zl('3 800,00'))

  // The owner removes the partner (confirmed); the partner loses the budget at once.
  await page.getByRole('button', { name: `Usuń z budżetu: ${partnerEmail}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Usunąć z budżetu?' })
  await expect(confirm).toContainText(`${partnerEmail} od razu traci dostęp`)
  await confirm.getByRole('button', { name: 'Usuń z budżetu' }).click()
  await expect(members.getByRole('listitem')).toHaveCount(1)
  // The partner's open month gives way at once, without the partner doing anything: the server ends the event
  // stream, its reconnection meets 404 and the budgets list no longer has the budget.
  const gone = partner.page.getByRole('alert').filter({
    has: partner.page.getByRole('heading', { name: 'Nie masz już dostępu do tego budżetu' }),
  })
  await expect(gone).toBeVisible()
  await expect(readyToAssign(partner.page)).toHaveCount(0)
  await expect(partner.page.getByRole('img', { name: /^Teraz w budżecie/u })).toHaveCount(0)
  await expect(partner.page).toHaveURL(new RegExp(`/budget/${budget.id}/period/`, 'u'))
  await snap(partner.page, info, 'sharing-removed-open-month')
  if (phone(info)) {
    await partner.page.setViewportSize({ width: 320, height: 640 })
    await snap(partner.page, info, 'sharing-removed-open-month-320')
  }
  await gone.getByRole('link', { name: 'Przejdź do listy budżetów' }).click()
  await partner.page.waitForURL((url) => !url.pathname.includes(budget.id))
  await expect(partner.page.getByText(name, { exact: true })).toHaveCount(0)
  // The partner's next step into the budget finds it gone too.
  await partner.page.goto(`/budget/${budget.id}/settings`)
  await expect(partner.page.getByRole('alert')).toContainText(
    'Nie ma takiego budżetu albo nie masz do niego dostępu.',
  )
  await partner.page.goto(membersPath(info, budget.id))
  await expect(partner.page.getByRole('alert')).toContainText(
    'Nie ma takiego budżetu albo nie masz do niego dostępu.',
  )
  await partner.context.close()
})

test('a revoked or expired link says so, with a way on', async ({ browser, page, request }, info) => {
  const budget = await arrangeBudget(request, `Odwołane ${Date.now()}`)
  const guestEmail = newAccount('revoked')
  await signInThrough(page, membersPath(info, budget.id))
  const linkPath = await invite(page, guestEmail, 'Tylko podgląd')
  await page.getByRole('button', { name: `Unieważnij zaproszenie: ${guestEmail}` }).click()
  await page
    .getByRole('alertdialog', { name: 'Unieważnić zaproszenie?' })
    .getByRole('button', { name: 'Unieważnij' })
    .click()
  await expect(page.getByText('Brak oczekujących zaproszeń.')).toBeVisible()

  // Signed out, the link already says it was revoked: no sign-in for nothing.
  const guest = await secondBrowser(browser, info)
  await guest.page.goto(linkPath)
  await expect(guest.page.getByRole('alert')).toContainText('Ten link został unieważniony — poproś o nowy.')
  await expect(guest.page.getByRole('button', { name: 'Dołącz do budżetu' })).toHaveCount(0)

  // Seven days cannot pass in a test: the server's answer for an expired link is played instead.
  await guest.page.route('**/api/invitations/*', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 410, code: 'invitation_expired', title: 'Gone' }),
    }),
  )
  await guest.page.goto(`${linkPath}x`)
  await expect(guest.page.getByRole('alert')).toContainText('Link wygasł — poproś o nowy.')
  await expect(guest.page.getByRole('link', { name: 'Twoje budżety' })).toBeVisible()
  await expectNoSeriousA11yViolations(guest.page)
  await snap(guest.page, info, 'sharing-invitation-expired')
  await guest.context.close()
})

test('the owner hands the budget over, then leaves it as a guest', async ({
  browser,
  page,
  request,
}, info) => {
  const name = `Przekazany ${Date.now()}`
  const budget = await arrangeBudget(request, name)
  const heirEmail = newAccount('heir')
  await signInThrough(page, membersPath(info, budget.id))
  const linkPath = await invite(page, heirEmail)
  const heir = await secondBrowser(browser, info)
  await signInAs(heir.page, linkPath, heirEmail)
  await heir.page.getByRole('button', { name: 'Dołącz do budżetu' }).click()
  await heir.page.waitForURL(new RegExp(`/budget/${budget.id}/period/\\d{6}`, 'u'))
  await heir.context.close()

  await page.reload()
  await page.getByRole('button', { name: `Przekaż własność: ${heirEmail}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Przekazać własność?' })
  await expect(confirm).toContainText('Ty zachowujesz prawo edycji')
  await confirm.getByRole('button', { name: 'Przekaż własność' }).click()
  const members = page.getByRole('list', { name: 'Członkowie budżetu' })
  await expect(members.getByRole('listitem').filter({ hasText: heirEmail })).toContainText('Właściciel')
  await expect(members.getByRole('listitem').filter({ hasText: workerAccount() })).toContainText(
    'Może edytować',
  )
  // A guest manages nobody: no invite form, no pending invitations.
  await expect(page.getByRole('form', { name: 'Zaproś osobę' })).toHaveCount(0)
  await expect(page.getByText('Członkami i zaproszeniami zarządza właściciel budżetu.')).toBeVisible()

  // A guest with edit access renames the budget; its currency stays the owner's to change (disabled, saying why),
  // so only the name is sent (a guest's currency would be refused with owner_only).
  await page.goto(`/budget/${budget.id}/settings`)
  await page.getByRole('button', { name: 'Edytuj', exact: true }).click()
  const edit = page.getByRole('dialog', { name: 'Edytuj budżet' })
  await expect(edit.getByRole('button', { name: /Waluta/u })).toBeDisabled()
  await expect(edit.getByText('Walutę może zmienić właściciel.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Usuń budżet' })).toHaveCount(0)
  await snap(page, info, 'sharing-guest-rename')
  if (phone(info)) {
    await page.setViewportSize({ width: 320, height: 640 })
    await snap(page, info, 'sharing-guest-rename-320')
  }
  const renamed = `${name} wspólny`
  await edit.getByRole('textbox', { name: 'Nazwa' }).fill(renamed)
  await edit.getByRole('button', { name: 'Zapisz' }).click()
  await expect(edit).toHaveCount(0)
  await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible()
  await expect(page.locator('.toast')).toHaveCount(0)
  await page.goto(membersPath(info, budget.id))

  await page.getByRole('button', { name: 'Opuść budżet' }).click()
  const leave = page.getByRole('alertdialog', { name: 'Opuścić budżet?' })
  await leave.getByRole('button', { name: 'Opuść budżet' }).click()
  await page.waitForURL((url) => url.pathname === (phone(info) ? '/budget/list' : '/budgets'))
  await expect(page.getByText('Budżet opuszczony.')).toBeVisible()
  await expect(page.getByText('Wczytywanie budżetów…')).toHaveCount(0)
  await expect(page.getByRole('link', { name: new RegExp(name, 'u') })).toHaveCount(0)
})

test('the sharing screens at every width', async ({ page, request }, info) => {
  const budget = await arrangeBudget(request, `Szerokości ${Date.now()}`)
  await signInThrough(page, membersPath(info, budget.id))
  await invite(page, uniqueEmail('someone'))
  const sizes = phone(info)
    ? [
        { width: 390, height: 844 },
        { width: 320, height: 640 },
      ]
    : [
        { width: 1280, height: 800 },
        { width: 1024, height: 768 },
      ]
  for (const size of sizes) {
    await page.setViewportSize(size)
    await expect(page.getByRole('heading', { name: 'Członkowie' })).toBeVisible()
    const past = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.sharing *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    )
    expect(past, `nothing past the right edge at ${size.width} px`).toEqual([])
    await snap(page, info, `sharing-members-${size.width}`)
  }
})
