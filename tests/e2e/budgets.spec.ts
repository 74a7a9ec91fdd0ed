import { expect, type Page, test } from '@playwright/test'
import { admin, expectNoSeriousA11yViolations, PASSWORD, snap, uniqueEmail } from './support.ts'

// Each journey signs in as its own new account (created with `npm run user`), so the list starts empty whatever
// other journeys of the run created for the worker's account.
const newAccount = (): string => {
  const email = uniqueEmail('budgets')
  admin('user', ['create', '--email', email], process.env.E2E_DATA_DIR ?? '', `${PASSWORD}\n`)
  return email
}

const tokenOf = (email: string): string => {
  const printed = admin('token', ['--email', email, '--name', 'journey'], process.env.E2E_DATA_DIR ?? '')
  const token = /kpt_[A-Za-z0-9_-]+/u.exec(printed)?.[0]
  if (token === undefined) throw new Error(`no token in: ${printed}`)
  return token
}

async function signInAs(page: Page, email: string, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await page.getByLabel('Adres e-mail').fill(email)
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await page.waitForURL((url) => url.pathname === path)
}

const PERIOD_URL = /\/budget\/([^/]+)\/period\/\d{6}$/u
const CONFIRM = 'Tej akcji nie można cofnąć. Kontynuować?'

async function chooseCurrency(page: Page, code: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /Waluta/u }).click()
  await page.getByRole('option', { name: new RegExp(`^${code}\\b`, 'u') }).click()
}

test('budgets: create, list, rename, change currency, open, reset, delete', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000)
  const mobile = info.project.name === 'mobile'
  const listPath = mobile ? '/budget/list' : '/budgets'
  const email = newAccount()

  // The list cannot be read (the client's own retries fail too): the list says so and offers a retry.
  let unavailable = true
  await page.route('**/api/budget', async (route) => {
    if (unavailable && route.request().method() === 'GET') {
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"title":"Unavailable"}' })
    } else await route.fallback()
  })
  await signInAs(page, email, listPath)
  await expect(page.getByRole('heading', { level: 1, name: 'Twoje budżety' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Nie udało się wczytać budżetów.' })).toBeVisible()
  unavailable = false
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).click()

  // Empty state.
  await expect(page.getByText('Nie masz jeszcze żadnego budżetu.')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'budgets-empty')

  // Create (the name is required; PLN is preselected); the new budget opens.
  await page.getByRole('button', { name: 'Nowy budżet' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Nowy budżet' })).toBeVisible()
  if (mobile) await expect(page).toHaveURL(/\/budget\/edit$/u)
  await dialog.getByRole('button', { name: 'Utwórz' }).click()
  await expect(dialog.getByText('Pole jest wymagane.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: /Waluta/u })).toContainText('PLN')
  await dialog.getByRole('textbox', { name: 'Nazwa' }).fill('Domowy')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'budgets-create-dialog')
  // The starter set is offered first: the new budget opens with its groups.
  await expect(dialog.getByRole('radio', { name: /Gotowe kategorie/u })).toBeChecked()
  await dialog.getByRole('button', { name: 'Utwórz' }).click()
  await expect(page).toHaveURL(PERIOD_URL)
  const budgetId = PERIOD_URL.exec(new URL(page.url()).pathname)?.[1] ?? ''
  expect(budgetId).not.toBe('')
  for (const group of ['Rachunki', 'Codzienne', 'Przyjemności', 'Cele'])
    await expect(page.getByText(group, { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Zacznij od konta')).toBeVisible()
  await expect(page.getByRole(mobile ? 'link' : 'button', { name: 'Dodaj konto' }).first()).toBeVisible()

  // Listed.
  await page.goto(listPath)
  const list = page.getByRole('list', { name: 'Twoje budżety' })
  await expect(list.getByRole('link', { name: /^Domowy/u })).toBeVisible()
  await expect(list.getByText('Waluta: PLN · Właściciel')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'budgets-list')

  // Rename.
  await list.getByRole('button', { name: 'Edytuj budżet Domowy' }).click()
  if (mobile) await expect(page).toHaveURL(`/budget/${budgetId}/edit`)
  else {
    // The desktop dialog has an address: reload keeps it, Back closes it, Forward (a link) opens it again.
    await expect(page).toHaveURL(new RegExp(`/budgets\\?dialog=editBudget&dialogBudget=${budgetId}$`, 'u'))
    await page.reload()
    await expect(dialog.getByRole('heading', { name: 'Edytuj budżet' })).toBeVisible()
    await page.goBack()
    await expect(dialog).toHaveCount(0)
    await page.goForward()
  }
  await expect(dialog.getByRole('heading', { name: 'Edytuj budżet' })).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Nazwa' }).fill('Dom i rodzina')
  await dialog.getByRole('button', { name: 'Zapisz' }).click()
  await expect(dialog).toHaveCount(0)
  if (mobile) await expect(page).toHaveURL(`/budget/${budgetId}/list`)
  await expect(list.getByRole('link', { name: /^Dom i rodzina/u })).toBeVisible()

  // Change currency (nothing recorded yet, so it may).
  await list.getByRole('button', { name: 'Edytuj budżet Dom i rodzina' }).click()
  await chooseCurrency(page, 'EUR')
  await dialog.getByRole('button', { name: 'Zapisz' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(list.getByText('Waluta: EUR · Właściciel')).toBeVisible()

  // Open: the budget's current month.
  await list.getByRole('link', { name: /^Dom i rodzina/u }).click()
  await expect(page).toHaveURL(PERIOD_URL)
  expect(page.url()).toContain(`/budget/${budgetId}/period/`)

  // With money recorded the currency is locked: the server's refusal shows in the dialog.
  const token = tokenOf(email)
  const account = await request.post(`/api/budget/${budgetId}/bank-accounts`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Konto',
      type: 'unconnected',
      balance: 10_000,
      date: new Date().toISOString().slice(0, 10),
    },
  })
  expect(account.ok()).toBe(true)
  await page.goto(`/budget/${budgetId}/settings`)
  await expect(page.getByRole('heading', { level: 1, name: 'Ustawienia budżetu' })).toBeVisible()
  await expect(page.getByText('Dom i rodzina')).toBeVisible()
  await expect(page.getByText(/^EUR/u)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'budget-settings')
  await page.getByRole('button', { name: 'Edytuj', exact: true }).click()
  await chooseCurrency(page, 'USD')
  await dialog.getByRole('button', { name: 'Zapisz' }).click()
  await expect(dialog.getByText('Waluty nie można zmienić, gdy budżet zawiera już pieniądze.')).toBeVisible()
  // The refused currency is still a change: closing asks before dropping it.
  await dialog.getByRole('button', { name: 'Anuluj' }).click()
  await page
    .getByRole('alertdialog', { name: 'Odrzucić zmiany?' })
    .getByRole('button', { name: 'Odrzuć zmiany' })
    .click()
  await expect(dialog).toHaveCount(0)

  // Reset, after the confirm step.
  await page.getByRole('button', { name: 'Zacznij od nowa' }).click()
  await expect(dialog.getByText(CONFIRM)).toBeVisible()
  await dialog.getByRole('button', { name: 'Zacznij od nowa' }).click()
  await expect(page.getByText('Budżet zaczyna od nowa.')).toBeVisible()

  // The home route opens the last budget while the user still has it.
  await page.evaluate((id) => window.localStorage.setItem('koperta.lastBudget', id), budgetId)
  await page.goto('/')
  await expect(page).toHaveURL(PERIOD_URL)
  expect(page.url()).toContain(`/budget/${budgetId}/period/`)

  // Delete with SPEC's confirm text; back on the (now empty) list.
  await page.goto(`/budget/${budgetId}/settings`)
  await page.getByRole('button', { name: 'Usuń budżet' }).click()
  await expect(dialog.getByText(CONFIRM)).toBeVisible()
  await dialog.getByRole('button', { name: 'Usuń' }).click()
  await expect(page).toHaveURL(listPath)
  await expect(page.getByText('Budżet został usunięty.')).toBeVisible()
  await expect(page.getByText('Nie masz jeszcze żadnego budżetu.')).toBeVisible()

  // A deleted last budget no longer opens from home. With no budget and the onboarding never done, home offers
  // the onboarding; "Nie teraz" dismisses it for good and leaves the empty list.
  await page.goto('/')
  await page.waitForURL('**/onboarding/survey')
  await page.getByRole('button', { name: 'Nie teraz' }).click()
  await expect(page.getByText('Nie masz jeszcze żadnego budżetu.')).toBeVisible()
  await page.goto('/')
  await expect(page.getByText('Nie masz jeszcze żadnego budżetu.')).toBeVisible()
})
