import { expect, type Page, test } from '@playwright/test'
import { arrangeBudget } from './budgetData.ts'
import { currentPeriod, signInThrough } from './support.ts'

// Issue 27 §1: one address, every device, and a heading that names the view. Each address of the other device's
// route set lands on this device's screen of the same thing (src/router/equivalentAddress.ts), never on the 404.

const NOT_FOUND = 'Pod tym adresem nie ma żadnej strony.'

/** Opens `from`, waits for the address to become `to` (path and query) and checks the page heading. */
const lands = async (page: Page, from: string, to: string | RegExp, heading: string) => {
  await page.goto(from)
  await page.waitForURL((url) => {
    const here = `${url.pathname}${url.search}`
    return typeof to === 'string' ? here === to : to.test(here)
  })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  await expect(page.getByText(NOT_FOUND)).toHaveCount(0)
}

test('a phone address opened on a desktop lands on the desktop screen, named by its heading', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'the desktop route set runs at 1280 px')
  const budget = await arrangeBudget(request, `Adresy ${Date.now()}`)
  const month = `/budget/${budget.id}/period/${currentPeriod}`
  await signInThrough(page, month)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Budżet')

  await lands(page, '/budget/list', '/budgets', 'Twoje budżety')
  await lands(page, `/budget/${budget.id}/list`, '/budgets', 'Twoje budżety')
  await lands(page, '/settings/reminder', '/settings/reminders', 'Przypomnienia')
  await lands(page, `${month}/bankAccounts`, `${month}?view=accounts`, 'Konta bankowe')
  await lands(
    page,
    `${month}/bankAccounts/${budget.checkingId}`,
    `${month}?view=transactions&account=${budget.checkingId}`,
    'Konto osobiste',
  )
  await lands(page, `${month}/all-transactions`, `${month}?view=transactions`, 'Wszystkie transakcje')
  await lands(
    page,
    `${month}/categories/${budget.foodId}/move-money`,
    `${month}?dialog=moveMoney&dialogCategory=${budget.foodId}`,
    'Budżet',
  )
  await expect(page.getByRole('dialog')).toBeVisible()
  await lands(
    page,
    `/budget/${budget.id}/group/${budget.groupId}`,
    `${month}?dialog=addCategory&dialogGroup=${budget.groupId}`,
    'Budżet',
  )
  await expect(page.getByRole('dialog', { name: 'Dodaj kategorię' })).toBeVisible()
  await lands(page, `/budget/${budget.id}/settings`, `/budget/${budget.id}/settings`, 'Ustawienia budżetu')

  // At 1024 px (still the desktop route set) the same addresses land and are named alike.
  await page.setViewportSize({ width: 1024, height: 768 })
  await lands(page, `${month}/bankAccounts`, `${month}?view=accounts`, 'Konta bankowe')
  await lands(
    page,
    `${month}/bankAccounts/${budget.checkingId}`,
    `${month}?view=transactions&account=${budget.checkingId}`,
    'Konto osobiste',
  )
  await lands(page, '/budget/list', '/budgets', 'Twoje budżety')
})

test('a desktop address opened on a phone lands on the phone screen, named by its heading', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'mobile', 'the phone route set runs at 390 px')
  const budget = await arrangeBudget(request, `Adresy ${Date.now()}`)
  const month = `/budget/${budget.id}/period/${currentPeriod}`
  await signInThrough(page, month)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Budżet')

  await lands(page, '/budgets', '/budget/list', 'Twoje budżety')
  await lands(page, '/settings/reminders', '/settings/reminder', 'Przypomnienia')
  await lands(page, `${month}?view=accounts`, `${month}/bankAccounts`, 'Konta bankowe')
  await lands(
    page,
    `${month}?view=transactions&account=${budget.checkingId}`,
    `${month}/bankAccounts/${budget.checkingId}`,
    'Konto osobiste',
  )
  await lands(page, `${month}?view=transactions`, `${month}/all-transactions`, 'Wszystkie transakcje')
  await lands(
    page,
    `${month}?dialog=moveMoney&dialogCategory=${budget.foodId}`,
    `${month}/categories/${budget.foodId}/move-money`,
    'Budżet',
  )
  await expect(page.getByRole('dialog')).toBeVisible()
  await lands(page, '/budgets?dialog=createBudget', '/budget/edit', 'Budżet')
})
