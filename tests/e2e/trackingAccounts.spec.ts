import { expect, type Page, test } from '@playwright/test'
import { arrangeBudget } from './budgetData.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap } from './support.ts'

// Tracking (off-budget) accounts (issue 32 §2): one made through the screen keeps its balance out of Ready to
// Assign; a transfer into it from a budget account crosses the budget's edge and is spent from a category.

/** An amount as pl-PL prints it ('5 000,00 zł' with non-breaking spaces), matched by its visible text. */
const zl = (text: string) => new RegExp(`${text.replaceAll(' ', '\\s')}\\szł`, 'u')

const dialog = (page: Page) => page.getByRole('dialog')
const readyToAssign = (page: Page) => page.getByTestId('ready-to-assign')
const figure = (page: Page, term: string) =>
  page
    .locator('.category-figures__item')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd')

/** Picks an option of a react-aria select by its label. */
async function choose(page: Page, label: RegExp, option: RegExp) {
  await dialog(page).getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

test('a tracking account stays out of the budget; a transfer into it spends from a category', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000)
  const mobile = info.project.name === 'mobile'
  const budget = await arrangeBudget(request, `Poza budżetem ${Date.now()}`)
  const month = `/budget/${budget.id}/period/${currentPeriod}`
  const accounts = mobile ? `${month}/bankAccounts` : `${month}?view=accounts`
  await signInThrough(page, accounts)

  // Add a tracking account through the screen: the loan owed, a negative opening balance.
  await page.getByRole('button', { name: 'Dodaj konto' }).click()
  await dialog(page)
    .getByRole('button', { name: /Niepołączone/u })
    .click()
  const form = dialog(page)
  await expect(form.getByRole('heading', { name: 'Nowe konto', exact: true })).toBeVisible()
  await form.getByRole('textbox', { name: 'Nazwa konta' }).fill('Kredyt')
  await expect(form.getByRole('radio', { name: /Konto budżetowe/u })).toBeChecked()
  await form.getByText('Konto poza budżetem (śledzone)').click()
  await expect(form.getByRole('radio', { name: /Konto poza budżetem/u })).toBeChecked()
  await form.getByRole('textbox', { name: 'Saldo początkowe' }).fill('-20 000')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'tracking-add')
  await form.getByRole('button', { name: 'Dodaj konto' }).click()
  await expect(dialog(page)).toHaveCount(0)
  if (mobile) await page.waitForURL(`**${month}/bankAccounts`)

  // Listed apart, as a debt; the budget's total is still only the budget's money.
  const tracking = page.getByRole('list', { name: 'Poza budżetem' })
  const loan = tracking.getByRole('listitem', { name: 'Kredyt' })
  await expect(loan).toContainText(zl('-20 000,00'))
  await expect(loan.getByText('Dług')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Konta budżetowe' }).getByRole('listitem')).toHaveCount(1)
  await expect(page.locator('.accounts-card__total')).toContainText('W budżecie')
  await expect(page.locator('.accounts-card__total')).toContainText(zl('5 000,00'))
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'tracking-list')

  // Ready to Assign did not move.
  await page.goto(month)
  await expect(readyToAssign(page)).toHaveText(zl('5 000,00'))

  // Pay 1 500 zł into the loan from the budget account: it crosses the budget's edge and asks for a category.
  await page.goto(accounts)
  if (mobile) {
    await page
      .getByRole('listitem', { name: 'Konto osobiste' })
      .getByRole('link', { name: 'Konto osobiste' })
      .click()
    await page.getByRole('link', { name: 'Przelew' }).click()
  } else {
    await page.getByRole('button', { name: 'Akcje konta Konto osobiste' }).click()
    await page.getByRole('menuitem', { name: 'Przelew' }).click()
  }
  await expect(dialog(page).getByRole('heading', { name: 'Przelew między kontami' })).toBeVisible()
  await expect(dialog(page).getByRole('button', { name: /Kategoria/u })).toHaveCount(0)
  await choose(page, /Na konto/u, /^Kredyt/u)
  await expect(dialog(page).getByText(/Pieniądze wychodzą z budżetu/u)).toBeVisible()
  await dialog(page).getByRole('textbox', { name: 'Kwota' }).fill('1 500')
  await dialog(page).getByRole('button', { name: 'Przelej' }).click()
  await expect(dialog(page).getByText('Pole jest wymagane.')).toBeVisible()
  await choose(page, /Kategoria/u, /^Czynsz$/u)
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'tracking-transfer')
  await dialog(page).getByRole('button', { name: 'Przelej' }).click()
  await expect(dialog(page)).toHaveCount(0)

  // The loan owes less; the budget account has less; Czynsz spent it, so Ready to Assign stays.
  await page.goto(accounts)
  await expect(
    page.getByRole('list', { name: 'Poza budżetem' }).getByRole('listitem', { name: 'Kredyt' }),
  ).toContainText(zl('-18 500,00'))
  await expect(page.locator('.accounts-card__total')).toContainText(zl('3 500,00'))
  await page.goto(month)
  await expect(readyToAssign(page)).toHaveText(zl('5 000,00'))
  if (mobile) await page.goto(`${month}/categories/${budget.rentId}`)
  else await page.getByRole('button', { name: 'Czynsz', exact: true }).click()
  await expect(figure(page, 'Aktywność')).toHaveText(zl('-1 500,00'))
  await snap(page, info, 'tracking-category')

  // The list names the category the transfer carries on its budget side; the loan's side carries none.
  await page.goto(mobile ? `${month}/all-transactions` : `${month}?view=transactions`)
  const table = page.getByRole('table', { name: 'Transakcje' })
  await expect(table.getByRole('row', { name: /Przelew do: Kredyt/u })).toContainText('Przelew · Czynsz')
  await expect(table.getByRole('row', { name: /Przelew z: Konto osobiste/u })).not.toContainText('Czynsz')

  // The category changes from the transfer's side, either side.
  await table.getByRole('row', { name: /Przelew z: Konto osobiste/u }).click()
  const side = page.getByRole('dialog', { name: 'Przelew' })
  await expect(side).toContainText('Czynsz')
  await side.getByRole('button', { name: 'Zmień kategorię' }).click()
  const categoryDialog = page.getByRole('dialog', { name: 'Kategoria przelewu' })
  await categoryDialog.getByRole('button', { name: /Kategoria/u }).click()
  await page.getByRole('option', { name: 'Jedzenie', exact: true }).click()
  await categoryDialog.getByRole('button', { name: 'Zapisz' }).click()
  await expect(categoryDialog).toHaveCount(0)
  await expect(side).toContainText('Jedzenie')
  await side.getByRole('button', { name: 'Zamknij' }).click()
  await expect(side).toHaveCount(0)
  await expect(table.getByRole('row', { name: /Przelew do: Kredyt/u })).toContainText('Przelew · Jedzenie')

  // A transaction in the loan's account has no category: the editor says so instead of asking.
  await page.getByRole('button', { name: 'Dodaj transakcję' }).click()
  const editor = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await editor.getByRole('button', { name: /Konto/u }).first().click()
  await page.getByRole('option', { name: 'Kredyt', exact: true }).click()
  await expect(editor.getByText('Poza budżetem — bez kategorii')).toBeVisible()
  await expect(editor.getByRole('button', { name: /Kategoria/u })).toHaveCount(0)
  await editor.getByRole('textbox', { name: 'Kwota' }).fill('100')
  await editor.getByRole('combobox', { name: 'Odbiorca' }).fill('Bank')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'tracking-editor')
  await editor.getByRole('button', { name: 'Zapisz' }).click()
  await expect(editor).toHaveCount(0)
  const fee = table.getByRole('row', { name: /Bank/u })
  await expect(fee).toContainText(zl('-100,00'))
  await expect(fee).not.toContainText('Bez kategorii')
})
