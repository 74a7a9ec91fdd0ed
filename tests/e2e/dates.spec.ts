import { expect, type Locator, type Page, test } from '@playwright/test'
import { type ArrangedBudget, api, arrangeBudget } from './budgetData.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap } from './support.ts'

// Issue 27 §1: one localized date field everywhere (pl dd.mm.rrrr, never the browser's mm/dd/yyyy), a clear message
// for a day that does not exist, a warning for a date before the account was opened, and Escape on a changed form
// asks before discarding it.

const PL_DATE = /^\d{2}\.\d{2}\.\d{4}$/u
const DISCARD = 'Odrzucić zmiany?'

// A language picked in the app is the user's (/api/user-settings): the worker's account, shared by the journeys that
// expect Polish, gets Polish back after each test here.
test.afterEach(async ({ request }) => {
  await api(request, 'PUT', '/api/user-settings', { locale: 'pl' })
})

const monthUrl = (budget: ArrangedBudget) => `/budget/${budget.id}/period/${currentPeriod}`
const dialogUrl = (budget: ArrangedBudget, search: string) => `${monthUrl(budget)}?${search}`

/** A date field as a person meets it: typed text with the pattern under it, never a native date input. */
async function expectPolishDateField(scope: Locator, name: string, value: RegExp | string) {
  const field = scope.getByRole('textbox', { name, exact: true })
  await expect(field).toHaveAttribute('type', 'text')
  await expect(field).toHaveValue(value)
  await expect(field).toHaveAccessibleDescription(/dd\.mm\.rrrr/u)
  // Shown under the field only while it holds no readable date (a reader hears it either way).
  const inField = scope.page().getByRole('textbox', { name, exact: true })
  const pattern = scope.locator('.date-field').filter({ has: inField }).locator('.date-field__pattern')
  if (typeof value === 'string' && value === '') await expect(pattern).not.toHaveClass(/visually-hidden/u)
  else await expect(pattern).toHaveClass(/visually-hidden/u)
  return field
}

test.beforeEach(({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'desktop addresses; phones open the same field on their routes')
  return page.emulateMedia({ colorScheme: 'light' })
})

test('every date field is dd.mm.rrrr: editor, filters, opening balance, target, reconcile, transfer', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000)
  const budget = await arrangeBudget(request, `Daty ${Date.now()}`)
  await signInThrough(page, dialogUrl(budget, 'dialog=transaction'))

  const editor = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await expectPolishDateField(editor, 'Data', PL_DATE)
  await snap(page, info, 'date-editor')
  await page.keyboard.press('Escape')
  await expect(editor).toHaveCount(0)

  await page.goto(dialogUrl(budget, 'dialog=addAccount'))
  const account = page.getByRole('dialog', { name: 'Nowe konto', exact: true })
  await expectPolishDateField(account, 'Data salda początkowego', PL_DATE)
  await page.keyboard.press('Escape')

  await page.goto(dialogUrl(budget, `dialog=transfer&dialogAccount=${budget.checkingId}`))
  const transfer = page.getByRole('dialog', { name: 'Przelew między kontami' })
  await expectPolishDateField(transfer, 'Data', PL_DATE)
  await page.keyboard.press('Escape')

  await page.goto(dialogUrl(budget, `dialog=reconcileEdit&dialogAccount=${budget.checkingId}`))
  const reconcile = page.getByRole('dialog', { name: /^Saldo w banku/u })
  await expectPolishDateField(reconcile, 'Data uzgodnienia', PL_DATE)
  await page.keyboard.press('Escape')

  await page.goto(dialogUrl(budget, `dialog=target&dialogCategory=${budget.foodId}`))
  const target = page.getByRole('dialog', { name: /^Cel:/u })
  await target.getByRole('button', { name: /Rodzaj celu/u }).click()
  await page.getByRole('option', { name: 'Potrzebne na wydatki do daty' }).click()
  await expectPolishDateField(target, 'Termin', '')
  await expect(target.getByRole('textbox', { name: 'Termin' })).toHaveAccessibleDescription(
    /Data, do której cel ma być osiągnięty/u,
  )
  await snap(page, info, 'date-target')
  await page.keyboard.press('Escape')
  await page
    .getByRole('alertdialog', { name: DISCARD })
    .getByRole('button', { name: 'Odrzuć zmiany' })
    .click()
  await expect(target).toHaveCount(0)

  await page.goto(`${monthUrl(budget)}?view=transactions`)
  await page.getByRole('button', { name: 'Pokaż filtry' }).click()
  const filters = page.getByRole('region', { name: 'Filtry' })
  await expectPolishDateField(filters, 'Data od', '')
  await expectPolishDateField(filters, 'Data do', '')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'date-filters')
})

test('a day that does not exist is named, in the editor, the account form and the filters', async ({
  page,
  request,
}, info) => {
  const budget = await arrangeBudget(request, `Zła data ${Date.now()}`)
  await signInThrough(page, dialogUrl(budget, 'dialog=transaction'))
  const editor = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await editor.getByRole('textbox', { name: 'Kwota', exact: true }).fill('12,50')
  const date = editor.getByRole('textbox', { name: 'Data', exact: true })
  await date.fill('31.02.2026')
  await editor.getByRole('button', { name: 'Zapisz' }).click()
  // Named, never moved to 28.02 and never "Pole jest wymagane."; the field says it is wrong and why.
  await expect(editor.getByText('Data 31.02.2026 nie istnieje.')).toBeVisible()
  await expect(date).toHaveAttribute('aria-invalid', 'true')
  await expect(date).toHaveAccessibleDescription(/Data 31\.02\.2026 nie istnieje\./u)
  await expect(date).toHaveValue('31.02.2026')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'date-nonexistent')
  // Arrow keys step a readable date by a day, across the month's end.
  await date.fill('28.02.2026')
  await date.press('ArrowUp')
  await expect(date).toHaveValue('01.03.2026')

  await page.goto(dialogUrl(budget, 'dialog=addAccount'))
  const account = page.getByRole('dialog', { name: 'Nowe konto', exact: true })
  await account.getByRole('textbox', { name: 'Nazwa konta' }).fill('Gotówka')
  await account.getByRole('textbox', { name: 'Saldo początkowe' }).fill('100')
  await account.getByRole('textbox', { name: 'Data salda początkowego' }).fill('31.02.2026')
  await account.getByRole('button', { name: 'Dodaj konto' }).click()
  await expect(account.getByText('Data 31.02.2026 nie istnieje.')).toBeVisible()
  // A sloppy but readable date is written back as the language writes it.
  const opening = account.getByRole('textbox', { name: 'Data salda początkowego' })
  await opening.fill('5-3-2026')
  await opening.press('Tab')
  await expect(opening).toHaveValue('05.03.2026')

  await page.goto(`${monthUrl(budget)}?view=transactions`)
  await page.getByRole('button', { name: 'Pokaż filtry' }).click()
  const filters = page.getByRole('region', { name: 'Filtry' })
  await filters.getByRole('textbox', { name: 'Data od' }).fill('31.02.2026')
  await expect(filters.getByText('Data 31.02.2026 nie istnieje.')).toBeVisible()
})

async function expectAsked(page: Page) {
  const question = page.getByRole('alertdialog', { name: DISCARD })
  await expect(question).toBeVisible()
  await expect(question.getByRole('button', { name: 'Wróć do edycji' })).toBeFocused()
  return question
}

test('Escape on a changed form asks before discarding; on an untouched one it just closes', async ({
  page,
  request,
}, info) => {
  const budget = await arrangeBudget(request, `Porzucone ${Date.now()}`)
  await signInThrough(page, dialogUrl(budget, 'dialog=addAccount'))
  const account = page.getByRole('dialog', { name: 'Nowe konto', exact: true })
  await expect(account).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(account).toHaveCount(0)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)

  await page.goto(dialogUrl(budget, 'dialog=addAccount'))
  await account.getByRole('textbox', { name: 'Nazwa konta' }).fill('Skarbonka')
  await page.keyboard.press('Escape')
  await expectAsked(page)
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'discard-question')
  // Escape on the question keeps editing, with what was typed.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(account.getByRole('textbox', { name: 'Nazwa konta' })).toHaveValue('Skarbonka')
  // 'Anuluj' asks the same; discarding closes without adding anything.
  await account.getByRole('button', { name: 'Anuluj' }).click()
  await (await expectAsked(page)).getByRole('button', { name: 'Odrzuć zmiany' }).click()
  await expect(account).toHaveCount(0)
  await page.goto(`${monthUrl(budget)}?view=accounts`)
  await expect(page.getByText('Skarbonka')).toHaveCount(0)

  // The transaction editor asks too.
  await page.goto(dialogUrl(budget, 'dialog=transaction'))
  const editor = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await editor.getByRole('textbox', { name: 'Kwota', exact: true }).fill('9,99')
  await page.keyboard.press('Escape')
  await (await expectAsked(page)).getByRole('button', { name: 'Odrzuć zmiany' }).click()
  await expect(editor).toHaveCount(0)

  // A dialog of choice cards closes on Escape with the focus on a card (its Enter key submits).
  await page.goto(dialogUrl(budget, 'dialog=autoAssign'))
  const autoAssign = page.getByRole('dialog', { name: 'Automatyczny przydział' })
  await expect(autoAssign.getByRole('radio').first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(autoAssign).toHaveCount(0)
})

test('a transaction dated before its account was opened is warned about, and still saved', async ({
  page,
  request,
}, info) => {
  const budget = await arrangeBudget(request, `Przed otwarciem ${Date.now()}`, 100_000, '2026-01-15')
  await signInThrough(page, dialogUrl(budget, 'dialog=transaction'))
  const editor = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await editor.getByRole('textbox', { name: 'Kwota', exact: true }).fill('20')
  const date = editor.getByRole('textbox', { name: 'Data', exact: true })
  await date.fill('14.01.2026')
  await expect(date).toHaveAccessibleDescription(/Konto otwarto 15\.01\.2026/u)
  await date.fill('15.01.2026')
  await expect(editor.getByText(/Konto otwarto/u)).toHaveCount(0)
  await date.fill('10.12.2025')
  await expect(editor.getByText(/Konto otwarto 15\.01\.2026/u)).toBeVisible()
  await snap(page, info, 'date-before-opening')
  await editor.getByRole('button', { name: 'Zapisz' }).click()
  await expect(editor).toHaveCount(0)
})

test('English has one date format, dd/mm/yyyy, in the editor and the filters alike', async ({
  page,
  request,
}) => {
  const budget = await arrangeBudget(request, `Dates ${Date.now()}`)
  await signInThrough(page, monthUrl(budget))
  await page.getByRole('button', { name: /Język/u }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await page.goto(dialogUrl(budget, 'dialog=transaction'))
  const editor = page.getByRole('dialog', { name: 'Add transaction' })
  const date = editor.getByRole('textbox', { name: 'Date', exact: true })
  await expect(date).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/u)
  await expect(date).toHaveAccessibleDescription(/dd\/mm\/yyyy/u)
  await editor.getByRole('textbox', { name: 'Amount', exact: true }).fill('5')
  await date.fill('31/02/2026')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor.getByText('There is no such date as 31/02/2026.')).toBeVisible()
  await page.keyboard.press('Escape')
  await page
    .getByRole('alertdialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click()

  await page.goto(`${monthUrl(budget)}?view=transactions`)
  await page.getByRole('button', { name: 'Show filters' }).click()
  const from = page.getByRole('region', { name: 'Filters' }).getByRole('textbox', { name: 'Date from' })
  await expect(from).toHaveAccessibleDescription(/dd\/mm\/yyyy/u)
})
