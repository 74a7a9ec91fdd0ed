import { expect, type Locator, type Page, test } from '@playwright/test'
import { api, arrangeBudget } from './budgetData.ts'
import { expectNoSeriousA11yViolations, signInThrough, snap, today, zl } from './support.ts'

// Issue 31 §1: every report honours a filter's accounts (and categories, payee, dates) and can be saved as a view.
// A budget with two accounts: the figures change when one account is chosen, the bar says so in words, the view
// is saved, and after a reload it opens again with the same figures. The filter is in the address (reload, Back).

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: /^Wydatki: /u }).getByRole('row', { name: new RegExp(`^${name}`, 'u') })

async function choose(scope: Locator | Page, page: Page, label: RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('statistics filter: an account narrows the figures, saved as a view and opened after a reload', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000)
  const budget = await arrangeBudget(request, `Filtr statystyk ${info.project.name} ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  const cardId = await api(request, 'POST', `${base}/bank-accounts`, {
    name: 'Karta',
    type: 'unconnected',
    balance: 200_000,
    date: today,
  }).then((answer) => (answer as { id: string }).id)
  const spend = (bankAccountId: string, categoryId: string, value: number, payee: string) =>
    api(request, 'POST', `${base}/transactions`, {
      bankAccountId,
      date: today,
      payee,
      value,
      splits: [{ categoryId, value }],
    })
  await spend(budget.checkingId, budget.rentId, -300_000, 'Wynajmujący')
  await spend(cardId, budget.foodId, -100_000, 'Biedronka')
  const viewName = `Karta ${info.project.name} ${Date.now()}`

  await signInThrough(page, `/budget/${budget.id}/statistics`)
  await expect(rowOf(page, 'Czynsz')).toContainText(zl('3 000,00'))
  await expect(rowOf(page, 'Jedzenie')).toContainText('25,000%')
  const toggle = page.getByRole('button', { name: 'Filtry' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await snap(page, info, `statistics-filter-closed-${page.viewportSize()?.width}`)

  // One account: only its spending counts, and the page says the figures are filtered.
  await toggle.click()
  await choose(page, page, /Konto$/u, 'Karta')
  await expect(page.getByText('Liczone są tylko transakcje z konta „Karta”.')).toBeVisible()
  await expect(rowOf(page, 'Czynsz')).toHaveCount(0)
  await expect(rowOf(page, 'Jedzenie')).toContainText(zl('1 000,00'))
  await expect(rowOf(page, 'Jedzenie')).toContainText('100,000%')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, `statistics-filter-open-${page.viewportSize()?.width}`)

  // Saved as a view.
  await page.getByRole('button', { name: 'Zapisz widok' }).click()
  const dialog = page.getByRole('dialog', { name: 'Zapisz widok' })
  await dialog.getByRole('textbox', { name: 'Nazwa widoku' }).fill(viewName)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()

  // The filter is in the address: a reload keeps it; "Wyczyść" counts everything, and Back brings it again.
  await page.reload()
  await expect(page.getByText('Liczone są tylko transakcje z konta „Karta”.')).toBeVisible()
  await expect(rowOf(page, 'Czynsz')).toHaveCount(0)
  await page.getByRole('button', { name: 'Filtry' }).click()
  await page.getByRole('button', { name: 'Wyczyść' }).click()
  await expect(rowOf(page, 'Czynsz')).toContainText(zl('3 000,00'))
  await page.goBack()
  await expect(page.getByText('Liczone są tylko transakcje z konta „Karta”.')).toBeVisible()
  await expect(rowOf(page, 'Czynsz')).toHaveCount(0)
  await page.goForward()
  await expect(rowOf(page, 'Czynsz')).toContainText(zl('3 000,00'))

  // Reloaded without a filter, the whole budget counts; opening the view narrows it once more.
  await page.reload()
  await expect(rowOf(page, 'Czynsz')).toContainText(zl('3 000,00'))
  await expect(page.getByText(/^Liczone są tylko/u)).toHaveCount(0)
  await page.getByRole('button', { name: 'Filtry' }).click()
  await choose(page, page, /Zapisane widoki$/u, viewName)
  await expect(page.getByText('Liczone są tylko transakcje z konta „Karta”.')).toBeVisible()
  await expect(rowOf(page, 'Czynsz')).toHaveCount(0)
  await expect(rowOf(page, 'Jedzenie')).toContainText('100,000%')

  // "Wyczyść" counts everything again.
  await page.getByRole('button', { name: 'Wyczyść' }).click()
  await expect(rowOf(page, 'Czynsz')).toContainText(zl('3 000,00'))
  await expect(page.getByText(/^Liczone są tylko/u)).toHaveCount(0)

  if (info.project.name === 'desktop') {
    await page.setViewportSize({ width: 1024, height: 768 })
    await choose(page, page, /Konto$/u, 'Karta')
    await expect(rowOf(page, 'Czynsz')).toHaveCount(0)
    await snap(page, info, 'statistics-filter-open-1024')
    await page.getByRole('button', { name: 'Filtry' }).click()
    await snap(page, info, 'statistics-filter-closed-1024')
  }
})
