import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { api, arrangeBudget, arrangeOverspent } from './budgetData.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap, today, zl } from './support.ts'

// Issue 31 §1–§2, first slice: spending by category / class for a month or a year with shares and comparisons, and
// income vs spending with the saving rate; each chart with a table of the same figures, a summary, CSV export, on
// both viewports and in both themes.

const previousMonthDay = (() => {
  const year = Number(currentPeriod.slice(0, 4))
  const month = Number(currentPeriod.slice(4))
  return month === 1 ? `${year - 1}-12-15` : `${year}-${String(month - 1).padStart(2, '0')}-15`
})()

const rowOf = (page: Page, caption: RegExp, name: string) =>
  page.getByRole('table', { name: caption }).getByRole('row', { name: new RegExp(`^${name}`, 'u') })

test('statistics: spending by category and class, income vs spending, month and year, CSV', async ({
  page,
  request,
}, info) => {
  // Several reports, a Back and both themes: longer than one screen's journey, on a shared machine.
  test.setTimeout(90_000)
  const mobile = info.project.name === 'mobile'
  const budget = await arrangeBudget(request, `Statystyki ${info.project.name} ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  await api(request, 'PUT', `${base}/categories/${budget.rentId}`, { spendingClass: 'Housing' })
  await api(request, 'PUT', `${base}/categories/${budget.foodId}`, { spendingClass: 'Food' })
  const spend = (date: string, categoryId: string, value: number, payee: string) =>
    api(request, 'POST', `${base}/transactions`, {
      bankAccountId: budget.checkingId,
      date,
      payee,
      value,
      splits: [{ categoryId, value }],
    })
  await spend(today, budget.salaryId, 1_000_000, 'Pracodawca')
  await spend(today, budget.rentId, -300_000, 'Wynajmujący')
  await spend(today, budget.foodId, -100_000, 'Biedronka')
  await spend(previousMonthDay, budget.foodId, -50_000, 'Lidl')

  await signInThrough(page, `/budget/${budget.id}/period/${currentPeriod}`)
  if (mobile) {
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('menuitem', { name: 'Statystyki' }).click()
  } else {
    await page.getByRole('link', { name: 'Statystyki' }).click()
  }
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}/statistics$`, 'u'))
  const report = page.getByRole('combobox', { name: 'Raport' })

  // This month by category: shares of what went out, the month before beside it.
  const spending = /^Wydatki: /u
  await expect(rowOf(page, spending, 'Czynsz')).toContainText(zl('3 000,00'))
  await expect(rowOf(page, spending, 'Czynsz')).toContainText('75,000%')
  await expect(rowOf(page, spending, 'Jedzenie')).toContainText(zl('1 000,00'))
  await expect(rowOf(page, spending, 'Jedzenie')).toContainText('25,000%')
  await expect(rowOf(page, spending, 'Jedzenie')).toContainText(zl('500,00'))
  await expect(page.getByText(/: najwięcej wydano na Czynsz: 75,000%$/u)).toBeVisible()

  // Income vs spending: this month's saving rate; the choice is in the address, so Back returns to spending.
  await report.selectOption({ label: 'Dochody i wydatki' })
  await expect(page).toHaveURL(/report=CashFlow/u)
  const cashflow = /^Dochody i wydatki: /u
  const thisMonth = page
    .getByRole('table', { name: cashflow })
    .getByRole('row')
    .filter({ hasText: zl('10 000,00') })
  await expect(thisMonth.first()).toContainText(zl('6 000,00'))
  await expect(thisMonth.first()).toContainText('60,000%')
  await page.goBack()
  await expect(report).toHaveValue('Spending')

  // By spending class.
  await page.getByLabel('Podział').selectOption({ label: 'Klasa wydatków' })
  await expect(page).toHaveURL(/dimension=spendingClass/u)
  await expect(rowOf(page, spending, 'Mieszkanie')).toContainText(zl('3 000,00'))
  await expect(rowOf(page, spending, 'Jedzenie')).toContainText(zl('1 000,00'))

  // A year: the caption names it, the comparison is with the year before.
  await page.getByRole('radio', { name: 'Rok' }).click()
  const year = currentPeriod.slice(0, 4)
  await expect(page.getByRole('table', { name: `Wydatki: ${year}` })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Poprzedni rok' })).toBeVisible()
  await expect(rowOf(page, spending, 'Mieszkanie')).toContainText(zl('3 000,00'))
  await page.getByRole('radio', { name: 'Miesiąc' }).click()
  await expect(page.getByRole('columnheader', { name: 'Rok wcześniej' })).toBeVisible()

  // The spending report as CSV.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Pobierz CSV' }).first().click()
  const file = await (await download).path()
  const csv = readFileSync(file, 'utf8')
  expect(csv).toContain('Klasa wydatków')
  // Bare numbers a Polish spreadsheet reads: ';' between fields, a decimal comma, no grouping or "zł".
  expect(csv).toMatch(/^Mieszkanie;-?3000,00;\d+,\d{3};/mu)
  expect(csv).not.toContain('zł')

  // The chart as a PNG image.
  const image = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Pobierz wykres (PNG)' }).first().click()
  const png = readFileSync(await (await image).path())
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')

  // A bar takes focus and carries its figures.
  const bar = page.getByRole('img', { name: /^Mieszkanie: 3\s000,00\szł, 75,000%$/u })
  await bar.focus()
  await expect(bar).toBeFocused()

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expectNoSeriousA11yViolations(page)
    await snap(page, info, `statistics-${scheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  for (const size of mobile ? [{ width: 320, height: 640 }] : [{ width: 1024, height: 768 }]) {
    await page.setViewportSize(size)
    await expect(rowOf(page, spending, 'Mieszkanie')).toBeVisible()
    await snap(page, info, `statistics-${size.width}`)
  }
})

test('statistics: a trend with its average and median, budget vs actual and net worth, each checked by axe', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000)
  // Czynsz 1 000 zł and Jedzenie 100 zł assigned this month, 150 zł spent on Jedzenie; the account opened with 5 000 zł.
  const budget = await arrangeOverspent(request, `Statystyki raporty ${info.project.name} ${Date.now()}`)
  await signInThrough(page, `/budget/${budget.id}/statistics`)
  const report = page.getByRole('combobox', { name: 'Raport' })
  const checkBothThemes = async (name: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await expectNoSeriousA11yViolations(page)
      await snap(page, info, `statistics-${name}-${scheme}`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }

  // Trends open on the most spent category: 150 zł this month, the budget's only month with figures, so its average
  // and median are 150 zł (months before the budget had figures do not count as months of no spending).
  await report.selectOption({ label: 'Trendy' })
  await expect(page).toHaveURL(/report=Trends/u)
  await expect(page.getByRole('heading', { name: 'Trend: Jedzenie' })).toBeVisible()
  const trend = /^Trend: Jedzenie: /u
  const thisMonth = page
    .getByRole('table', { name: trend })
    .getByRole('row')
    .filter({ hasText: zl('150,00') })
  // This month's row, the average's and the median's.
  await expect(thisMonth).toHaveCount(3)
  await expect(rowOf(page, trend, 'Średnia z 12 miesięcy')).toContainText(zl('150,00'))
  await expect(rowOf(page, trend, 'Mediana z 12 miesięcy')).toContainText(zl('150,00'))
  await expect(
    page.getByText(
      `Jedzenie: w ostatnich 12 miesiącach wydawano średnio ${zl('150,00')} miesięcznie, mediana to ${zl('150,00')}.`,
    ),
  ).toBeVisible()
  await checkBothThemes('trends')
  // A class instead: the address names it.
  await page.getByRole('combobox', { name: 'Co śledzić' }).selectOption({ label: 'Mieszkanie' })
  await expect(page).toHaveURL(/subject=Housing/u)
  await expect(page.getByRole('heading', { name: 'Trend: Mieszkanie' })).toBeVisible()

  // Budget vs actual: assigned against spent, with the difference and the total.
  await report.selectOption({ label: 'Budżet a wydatki' })
  const budgetTable = /^Budżet a wydatki: /u
  await expect(rowOf(page, budgetTable, 'Jedzenie')).toContainText(zl('100,00'))
  await expect(rowOf(page, budgetTable, 'Jedzenie')).toContainText(zl('150,00'))
  await expect(rowOf(page, budgetTable, 'Jedzenie')).toContainText(/-50,00/u)
  await expect(rowOf(page, budgetTable, 'Razem')).toContainText(zl('950,00'))
  await expect(
    page.getByText(`: przydzielono ${zl('1 100,00')}, wydano ${zl('150,00')}, zostało ${zl('950,00')}.`),
  ).toBeVisible()
  await checkBothThemes('budget')

  // Net worth: the account's 5 000 zł less the 150 zł, at this month's end.
  await report.selectOption({ label: 'Wartość netto' })
  const netWorth = /^Wartość netto: /u
  await expect(
    page
      .getByRole('table', { name: netWorth })
      .getByRole('row')
      .filter({ hasText: zl('4 850,00') }),
  ).toHaveCount(1)
  await expect(
    page.getByText(new RegExp(`wartość netto na koniec miesiąca to ${zl('4 850,00')}`, 'u')),
  ).toBeVisible()
  await checkBothThemes('net-worth')
  for (const size of info.project.name === 'mobile'
    ? [{ width: 320, height: 640 }]
    : [{ width: 1024, height: 768 }]) {
    await page.setViewportSize(size)
    await expect(page.getByRole('table', { name: netWorth })).toBeVisible()
    await snap(page, info, `statistics-net-worth-${size.width}`)
  }

  // Back returns to the report before.
  await page.goBack()
  await expect(report).toHaveValue('BudgetVsActual')
  await expect(rowOf(page, budgetTable, 'Jedzenie')).toContainText(zl('150,00'))
})

test('statistics: a budget without transactions says so and points to adding them', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one viewport is enough for the empty state')
  const budget = await arrangeBudget(request, `Statystyki puste ${Date.now()}`)
  await signInThrough(page, `/budget/${budget.id}/statistics`)
  await expect(page.getByText(/nie ma jeszcze transakcji/u)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Dodaj transakcje' })).toBeVisible()
  // No side panel here (SPEC), yet the way back to the budget is one click, not the browser's Back.
  await page.getByRole('link', { name: 'Wróć do budżetu' }).click()
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}(?:/period/\\d{6})?$`, 'u'))
})
