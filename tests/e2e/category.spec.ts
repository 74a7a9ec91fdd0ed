import { expect, type Page, test } from '@playwright/test'
import { api, arrangeOverspent } from './budgetData.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap } from './support.ts'

// The category inspector and its money dialogs (issue 5). Amounts in złoty, pl-PL.

const figure = (page: Page, term: string) =>
  page
    .locator('.category-figures__item')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd')

/** Picks an option of a react-aria select by its label. */
async function choose(page: Page, label: RegExp, option: RegExp) {
  await page.getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

/** The reads of a budget's whole state (`GET …/state` without `?part=summary`) the page makes from now on. */
const wholeStateReadsOf = (page: Page): string[] => {
  const reads: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('/state') && url.searchParams.get('part') !== 'summary')
      reads.push(url.pathname)
  })
  return reads
}

test('category inspector: cover, assign, move money, target, auto-assign, history (mobile routes)', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'mobile', 'the mobile dialog routes exist in the mobile route tree only')
  test.setTimeout(120_000)
  const budget = await arrangeOverspent(request, 'Kategorie mobilnie')
  const categoryUrl = `/budget/${budget.id}/period/${currentPeriod}/categories/${budget.foodId}`
  const wholeStateReads = wholeStateReadsOf(page)
  await signInThrough(page, categoryUrl)

  // The inspector: figures, the overspending, the month's transactions and history.
  const sheet = page.getByRole('dialog', { name: 'Kategoria Jedzenie' })
  await expect(sheet.getByRole('heading', { name: 'Jedzenie', level: 2 })).toBeVisible()
  await expect(figure(page, 'Przydzielono')).toHaveText('100,00 zł')
  await expect(figure(page, 'Aktywność')).toHaveText('-150,00 zł')
  await expect(figure(page, 'Dostępne')).toHaveText('-50,00 zł')
  await expect(sheet.getByText(/Przekroczono o 50,00\szł/u)).toBeVisible()
  await expect(sheet.getByRole('list', { name: 'Transakcje kategorii Jedzenie' })).toContainText('Biedronka')
  // The sheet read the category's month from the server's page, not the whole budget.
  expect(wholeStateReads).toEqual([])
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'category-panel')

  // Cover the overspending from Czynsz.
  await sheet.getByRole('button', { name: 'Pokryj przekroczenie' }).click()
  await page.waitForURL(`**${categoryUrl}/cover`)
  const cover = page.getByRole('dialog', { name: 'Pokryj przekroczenie: Jedzenie' })
  await expect(cover.getByText(/przekroczona o 50,00\szł/u)).toBeVisible()
  await choose(page, /Pokryj z/u, /^Czynsz \(1 000,00 zł\)$/u)
  await cover.getByRole('button', { name: 'Pokryj', exact: true }).click()
  await page.waitForURL(`**${categoryUrl}`)
  await expect(figure(page, 'Dostępne')).toHaveText('0,00 zł')
  await expect(figure(page, 'Przydzielono')).toHaveText('150,00 zł')
  await expect(sheet.getByRole('button', { name: 'Pokryj przekroczenie' })).toHaveCount(0)

  // A refusal of the budget shows in the dialog: the category is no longer overspent.
  await page.goto(`${categoryUrl}/cover`)
  const again = page.getByRole('dialog', { name: 'Pokryj przekroczenie: Jedzenie' })
  await expect(again.getByText('Kategoria nie jest już przekroczona: nie ma czego pokrywać.')).toBeVisible()
  await snap(page, info, 'cover-nothing-left')
  await choose(page, /Pokryj z/u, /^Do przydzielenia/u)
  await again.getByRole('button', { name: 'Pokryj', exact: true }).click()
  await expect(again.getByRole('alert')).toHaveText('Ta kategoria nie jest przekroczona.')
  // The choice was never applied: Escape asks before dropping it.
  await page.keyboard.press('Escape')
  await page
    .getByRole('alertdialog', { name: 'Odrzucić zmiany?' })
    .getByRole('button', { name: 'Odrzuć zmiany' })
    .click()
  await page.waitForURL(`**${categoryUrl}`)

  // Assign by keyboard: the amount field has focus, Enter submits.
  await sheet.getByRole('button', { name: 'Przydziel', exact: true }).click()
  const assign = page.getByRole('dialog', { name: 'Przydziel środki: Jedzenie' })
  const amount = assign.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' })
  await expect(amount).toBeFocused()
  await expect(amount).toHaveValue('150,00')
  await amount.fill('250')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'assign-dialog')
  await page.keyboard.press('Enter')
  await page.waitForURL(`**${categoryUrl}`)
  await expect(figure(page, 'Przydzielono')).toHaveText('250,00 zł')
  await expect(figure(page, 'Dostępne')).toHaveText('100,00 zł')

  // Move 30 zł back to Ready to Assign.
  await sheet.getByRole('button', { name: 'Przenieś środki' }).click()
  const move = page.getByRole('dialog', { name: 'Przenieś środki' })
  await choose(page, /Dokąd/u, /^Do przydzielenia/u)
  await move.getByRole('textbox', { name: 'Kwota' }).fill('30')
  await page.keyboard.press('Enter')
  await page.waitForURL(`**${categoryUrl}`)
  await expect(figure(page, 'Dostępne')).toHaveText('70,00 zł')
  await expect(figure(page, 'Przydzielono')).toHaveText('220,00 zł')

  // A monthly target of 400 zł: 180 zł underfunded.
  await sheet.getByRole('button', { name: 'Ustaw cel' }).click()
  const target = page.getByRole('dialog', { name: 'Cel: Jedzenie' })
  await expect(target.getByRole('button', { name: /Rodzaj celu/u })).toBeFocused()
  await target.getByRole('textbox', { name: 'Kwota celu' }).fill('400')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'target-dialog')
  await page.keyboard.press('Enter')
  await page.waitForURL(`**${categoryUrl}`)
  await expect(sheet.getByText('Potrzebne na wydatki co miesiąc')).toBeVisible()
  await expect(
    sheet.getByText(/Co miesiąc potrzeba 400,00\szł\. Przydzielono 220,00\szł, brakuje 180,00\szł\./u),
  ).toBeVisible()

  // Auto-assign the underfunded targets: the preview says what it will do.
  await page.goto(`/budget/${budget.id}/period/${currentPeriod}/auto-assign`)
  const auto = page.getByRole('dialog', { name: 'Automatyczny przydział' })
  const underfunded = auto.getByRole('radio', { name: /Brakujące do celów/u })
  await expect(auto.getByText(/^Zmieni 1 kat\. o \+180,00\szł$/u)).toBeVisible()
  // By keyboard: the first option has focus, Space picks it, Enter submits.
  await expect(underfunded).toBeFocused()
  await page.keyboard.press('Space')
  await expect(underfunded).toBeChecked()
  await page.keyboard.press('Enter')
  await page.waitForURL(`**/budget/${budget.id}/period/${currentPeriod}`)
  await page.goto(categoryUrl)
  await expect(figure(page, 'Przydzielono')).toHaveText('400,00 zł')
  await expect(sheet.getByText(/brakuje 0,00\szł/u)).toBeVisible()

  // The month's assignment history: every change, newest first.
  await sheet.getByRole('button', { name: 'Cała historia miesiąca' }).click()
  const history = page.getByRole('dialog', { name: 'Historia przydziałów' })
  const records = history.getByRole('list', { name: 'Historia przydziałów' }).getByRole('listitem')
  await expect(records.first()).toContainText('Automatyczny przydział · Ty')
  await expect(records.first()).toContainText('180,00 zł')
  await expect(history.getByText(/^Czynsz → Jedzenie$/u)).toBeVisible()
  await expect(history.getByText(/^Jedzenie → Do przydzielenia$/u)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await page.waitForURL(`**/budget/${budget.id}/period/${currentPeriod}`)

  // /assign without a category asks for one first.
  await page.goto(`/budget/${budget.id}/period/${currentPeriod}/assign`)
  const picker = page.getByRole('dialog', { name: 'Przydziel środki' })
  await picker.getByRole('option', { name: 'Czynsz' }).click()
  const rent = page.getByRole('dialog', { name: 'Przydziel środki: Czynsz' })
  await expect(rent.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' })).toBeFocused()
  await rent.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' }).fill('900')
  await page.keyboard.press('Enter')
  await page.waitForURL(`**/budget/${budget.id}/period/${currentPeriod}`)
  await page.goto(`/budget/${budget.id}/period/${currentPeriod}/categories/${budget.rentId}`)
  await expect(figure(page, 'Przydzielono')).toHaveText('900,00 zł')

  // Move the month's Jedzenie transactions to Czynsz: the dialog says how many first.
  await page.goto(categoryUrl)
  await sheet.getByRole('button', { name: 'Przenieś transakcje' }).click()
  const moveTransactions = page.getByRole('dialog', { name: 'Przenieś transakcje: Jedzenie' })
  await expect(moveTransactions.getByText(/^1 transakcja z tego miesiąca/u)).toBeVisible()
  await choose(page, /Przenieś do kategorii/u, /^Czynsz$/u)
  await moveTransactions.getByRole('button', { name: 'Przenieś transakcje' }).click()
  await page.waitForURL(`**${categoryUrl}`)
  await expect(figure(page, 'Aktywność')).toHaveText('0,00 zł')
  await expect(sheet.getByText('Brak transakcji tej kategorii w tym miesiącu.')).toBeVisible()
})

test('category inspector in the desktop month view', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'desktop opens the inspector from the month view')
  test.setTimeout(120_000)
  const budget = await arrangeOverspent(request, 'Kategorie na komputerze')
  await api(request, 'POST', `/api/budget/${budget.id}/category-groups`, { name: 'Oszczędności' })
  const monthUrl = `/budget/${budget.id}/period/${currentPeriod}`
  const wholeStateReads = wholeStateReadsOf(page)
  await signInThrough(page, monthUrl)
  await page.getByRole('button', { name: 'Jedzenie', exact: true }).click()
  const panel = page.getByRole('region', { name: 'Jedzenie' })
  await expect(panel.getByRole('heading', { name: 'Jedzenie', level: 2 })).toBeVisible()
  await expect(figure(page, 'Dostępne')).toHaveText('-50,00 zł')
  await expect(panel.getByRole('list', { name: 'Transakcje kategorii Jedzenie' })).toContainText('Biedronka')
  expect(wholeStateReads).toEqual([])
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'category-panel')

  await panel.getByRole('button', { name: 'Pokryj przekroczenie' }).click()
  await choose(page, /Pokryj z/u, /^Czynsz \(1 000,00 zł\)$/u)
  await page
    .getByRole('dialog', { name: 'Pokryj przekroczenie: Jedzenie' })
    .getByRole('button', { name: 'Pokryj', exact: true })
    .click()
  await expect(figure(page, 'Dostępne')).toHaveText('0,00 zł')

  await panel.getByRole('button', { name: 'Przydziel', exact: true }).click()
  const amount = page.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' })
  await expect(amount).toBeFocused()
  await amount.fill('250')
  await snap(page, info, 'assign-dialog')
  await page.keyboard.press('Enter')
  await expect(figure(page, 'Przydzielono')).toHaveText('250,00 zł')

  await panel.getByRole('button', { name: 'Przenieś środki' }).click()
  await choose(page, /Dokąd/u, /^Do przydzielenia/u)
  await page.getByRole('textbox', { name: 'Kwota' }).fill('30')
  await page.keyboard.press('Enter')
  await expect(figure(page, 'Dostępne')).toHaveText('70,00 zł')

  await panel.getByRole('button', { name: 'Ustaw cel' }).click()
  await page.getByRole('textbox', { name: 'Kwota celu' }).fill('400')
  await snap(page, info, 'target-dialog')
  await page.keyboard.press('Enter')
  await expect(panel.getByText(/brakuje 180,00\szł/u)).toBeVisible()

  // Auto-assign from the month view's Ready to Assign card: the preview, then keyboard only.
  await page.getByRole('button', { name: 'Automatyczny przydział', exact: true }).click()
  const auto = page.getByRole('dialog', { name: 'Automatyczny przydział' })
  await expect(auto.getByText(/^Zmieni 1 kat\. o \+180,00\szł$/u)).toBeVisible()
  await expect(auto.getByRole('radio', { name: /Brakujące do celów/u })).toBeFocused()
  await page.keyboard.press('Space')
  await page.keyboard.press('Enter')
  await expect(auto).toHaveCount(0)
  await expect(figure(page, 'Przydzielono')).toHaveText('400,00 zł')
  await expect(panel.getByText(/brakuje 0,00\szł/u)).toBeVisible()

  await panel.getByRole('button', { name: 'Cała historia miesiąca' }).click()
  const history = page.getByRole('dialog', { name: 'Historia przydziałów' })
  await expect(history.getByText(/^Czynsz → Jedzenie$/u)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(history).toHaveCount(0)

  // Move the category to another group.
  await panel.getByRole('button', { name: 'Przenieś do innej grupy' }).click()
  const moveCategory = page.getByRole('dialog', { name: 'Przenieś kategorię: Jedzenie' })
  await choose(page, /Grupa kategorii/u, /^Oszczędności$/u)
  await moveCategory.getByRole('button', { name: 'Przenieś', exact: true }).click()
  await expect(moveCategory).toHaveCount(0)
  await expect(panel.getByText('Grupa: Oszczędności')).toBeVisible()
})
