import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, signInThrough, snap, zl } from './support.ts'

// Issue 5's "done when": one person runs a whole month of budgeting through the screens only, from an empty
// budget to a reconciled account, and every number on the way is the one YNAB's rules give. The desktop walks it
// all; the phone walks the core of it (budget, account, categories, income, assign, spend, cover) through its routes,
// and the area journeys walk every phone route (budgets, month, category, transactions, accounts).

const readyToAssign = (page: Page) => page.getByTestId('ready-to-assign')
const dialog = (page: Page) => page.getByRole('dialog')

/** Picks an option of a react-aria select in the open dialog; its button is named '<value> <label>'. */
async function choose(page: Page, label: RegExp | string, option: RegExp | string) {
  await dialog(page).getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click()
}

async function addCategory(page: Page, group: string, name: string, type?: string) {
  await page.getByRole('button', { name: `Działania grupy ${group}`, exact: true }).click()
  await page.getByRole('menuitem', { name: 'Dodaj kategorię', exact: true }).click()
  const form = page.getByRole('dialog', { name: 'Dodaj kategorię' })
  await form.getByRole('textbox', { name: 'Nazwa kategorii' }).fill(name)
  if (type !== undefined) await choose(page, /Rodzaj$/u, type)
  await form.getByRole('button', { name: 'Dodaj' }).click()
  await expect(form).toHaveCount(0)
}

async function addAccount(page: Page, name: string, balance: string) {
  await page.getByRole('button', { name: 'Dodaj konto' }).click()
  await dialog(page)
    .getByRole('button', { name: /Niepołączone/u })
    .click()
  await dialog(page).getByRole('textbox', { name: 'Nazwa konta' }).fill(name)
  await dialog(page).getByRole('textbox', { name: 'Saldo początkowe' }).fill(balance)
  await dialog(page).getByRole('button', { name: 'Dodaj konto' }).click()
  await expect(dialog(page)).toHaveCount(0)
}

async function addTransaction(
  page: Page,
  options: {
    readonly direction: 'Wpływ' | 'Wydatek'
    readonly amount: string
    readonly payee: string
    readonly category?: string
    readonly splits?: ReadonlyArray<readonly [string, string]>
  },
) {
  await page.getByRole('button', { name: 'Dodaj transakcję' }).click()
  const editor = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await choose(page, /Konto$/u, 'Konto osobiste')
  await pickDirection(editor, options.direction)
  await editor.getByRole('textbox', { name: 'Kwota' }).fill(options.amount)
  await editor.getByRole('combobox', { name: 'Odbiorca' }).fill(options.payee)
  if (options.category !== undefined) await choose(page, /Kategoria$/u, options.category)
  if (options.splits !== undefined) {
    await editor.getByRole('button', { name: 'Podziel na kategorie' }).click()
    for (const [index, [category, amount]] of options.splits.entries()) {
      if (index >= 2) await editor.getByRole('button', { name: 'Dodaj podział' }).click()
      await choose(page, new RegExp(`Kategoria ${index + 1}$`, 'u'), category)
      await editor.getByRole('textbox', { name: `Kwota ${index + 1}` }).fill(amount)
    }
  }
  await editor.getByRole('button', { name: 'Zapisz' }).click()
  await expect(editor).toHaveCount(0)
}

/** The radio's input is visually hidden: a person presses its label. */
async function pickDirection(editor: Locator, direction: 'Wpływ' | 'Wydatek') {
  await editor.locator('label').filter({ hasText: direction }).click()
  await expect(editor.getByRole('radio', { name: direction })).toBeChecked()
}

/** The desktop month table's row of a category: assigned (a field), activity, available. */
const row = (page: Page, category: string) => page.getByRole('row', { name: new RegExp(category, 'u') })

test('desktop: a whole month of budgeting through the screens', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the phone walks the same steps in the area journeys')
  test.setTimeout(300_000)
  await signInThrough(page, '/budgets')

  // A new budget opens on the current month, empty.
  await page.getByRole('button', { name: 'Nowy budżet' }).click()
  await dialog(page).getByRole('textbox', { name: 'Nazwa' }).fill('Nasz miesiąc')
  // This month builds its own categories; the starter set has its own journey.
  await dialog(page).getByText('Pusty budżet').click()
  await dialog(page).getByRole('button', { name: 'Utwórz' }).click()
  await page.waitForURL(/\/budget\/[^/]+\/period\/\d{6}$/u)
  const month = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { name: 'Ten budżet nie ma jeszcze kategorii' })).toBeVisible()

  // Accounts: the opening balances are income to Ready to Assign.
  await page.goto(`${month}?view=accounts`)
  await addAccount(page, 'Konto osobiste', '5 000,00')
  await addAccount(page, 'Oszczędności', '0')
  await expect(page.locator('.accounts-card__total')).toContainText(zl('5 000,00'))

  // Categories: one group of expenses, and an income category.
  await page.goto(month)
  await page.getByRole('button', { name: 'Dodaj grupę' }).click()
  await page.getByRole('dialog', { name: 'Dodaj grupę kategorii' }).getByRole('textbox').fill('Wydatki')
  await page
    .getByRole('dialog', { name: 'Dodaj grupę kategorii' })
    .getByRole('button', { name: 'Dodaj' })
    .click()
  await addCategory(page, 'Wydatki', 'Czynsz')
  await addCategory(page, 'Wydatki', 'Jedzenie')
  await addCategory(page, 'Wydatki', 'Wakacje')
  await addCategory(page, 'Wydatki', 'Wynagrodzenie', 'Przychód')
  await expect(readyToAssign(page)).toHaveText(zl('5 000,00'))

  // Income: an inflow to the income category raises Ready to Assign.
  await page.goto(`${month}?view=transactions`)
  await addTransaction(page, {
    direction: 'Wpływ',
    amount: '3 000',
    payee: 'Pracodawca',
    category: 'Wynagrodzenie',
  })
  await page.goto(month)
  await expect(readyToAssign(page)).toHaveText(zl('8 000,00'))

  // Assign by keyboard in the table.
  const rent = page.getByRole('textbox', { name: 'Przydzielono: Czynsz' })
  await rent.fill('2 500')
  await rent.press('Enter')
  const food = page.getByRole('textbox', { name: 'Przydzielono: Jedzenie' })
  await food.fill('800')
  await food.press('Enter')
  await expect(readyToAssign(page)).toHaveText(zl('4 700,00'))

  // Spend more than assigned, then a split purchase: Jedzenie is overspent.
  await page.goto(`${month}?view=transactions`)
  await addTransaction(page, {
    direction: 'Wydatek',
    amount: '950',
    payee: 'Biedronka',
    category: 'Jedzenie',
  })
  await addTransaction(page, {
    direction: 'Wydatek',
    amount: '300',
    payee: 'Castorama',
    splits: [
      ['Czynsz', '200'],
      ['Jedzenie', '100'],
    ],
  })
  await page.goto(month)
  await expect(row(page, 'Jedzenie')).toContainText(zl('-250,00'))
  await expect(row(page, 'Jedzenie')).toContainText('Przekroczona')
  await expect(row(page, 'Czynsz')).toContainText(zl('2 300,00'))

  // Move money from Czynsz to Wakacje, then cover Jedzenie's overspending from Czynsz (inspector on the right).
  await page.getByRole('button', { name: 'Czynsz', exact: true }).click()
  await page.getByRole('region', { name: 'Czynsz' }).getByRole('button', { name: 'Przenieś środki' }).click()
  await choose(page, /Dokąd/u, /^Wakacje/u)
  await dialog(page).getByRole('textbox', { name: 'Kwota' }).fill('300')
  await page.keyboard.press('Enter')
  await expect(row(page, 'Wakacje')).toContainText(zl('300,00'))
  await page.getByRole('button', { name: 'Jedzenie', exact: true }).click()
  await page
    .getByRole('region', { name: 'Jedzenie' })
    .getByRole('button', { name: 'Pokryj przekroczenie' })
    .click()
  await choose(page, /Pokryj z/u, /^Czynsz/u)
  await dialog(page).getByRole('button', { name: 'Pokryj', exact: true }).click()
  await expect(row(page, 'Jedzenie')).toContainText(zl('0,00'))
  await expect(row(page, 'Czynsz')).toContainText(zl('1 750,00'))

  // A target for the holidays: 1 000 zł a month, 300 assigned → 700 missing.
  await page.getByRole('button', { name: 'Wakacje', exact: true }).click()
  const holidays = page.getByRole('region', { name: 'Wakacje' })
  await holidays.getByRole('button', { name: 'Ustaw cel' }).click()
  await page.getByRole('textbox', { name: 'Kwota celu' }).fill('1000')
  await page.keyboard.press('Enter')
  await expect(holidays.getByText(/brakuje 700,00\szł/u)).toBeVisible()
  await expect(readyToAssign(page)).toHaveText(zl('4 700,00'))
  await snap(page, info, 'whole-month')

  // A transfer to savings and a reconciliation: no effect on the envelopes.
  await page.goto(`${month}?view=accounts`)
  await page.getByRole('button', { name: 'Akcje konta Konto osobiste' }).click()
  await page.getByRole('menuitem', { name: 'Przelew' }).click()
  await choose(page, /Na konto/u, 'Oszczędności')
  await dialog(page).getByRole('textbox', { name: 'Kwota' }).fill('1 000')
  await dialog(page).getByRole('button', { name: 'Przelej' }).click()
  await expect(dialog(page)).toHaveCount(0)
  await page.getByRole('button', { name: 'Akcje konta Konto osobiste' }).click()
  await page.getByRole('menuitem', { name: 'Uzgodnij saldo' }).click()
  await dialog(page).getByRole('button', { name: 'Tak, zgadza się' }).click()
  await expect(dialog(page)).toHaveCount(0)
  await expect(page.getByText(/Ostatnio uzgodnione/u)).toBeVisible()
  // 5 000 + 3 000 − 950 − 300 on the personal account, 1 000 of it moved to savings: 6 750 in all.
  await expect(page.locator('.accounts-card__total')).toContainText(zl('6 750,00'))

  await page.goto(month)
  await expect(readyToAssign(page)).toHaveText(zl('4 700,00'))
  await expectNoSeriousA11yViolations(page)
})

test('phone: the core of a month through the phone routes', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'the desktop walks the whole month above')
  test.setTimeout(300_000)
  // The list, not home: home takes a person with no budget into the onboarding (tests/e2e/onboarding.spec.ts).
  await signInThrough(page, '/budget/list')

  // A new budget through the budget modal route.
  await page.getByRole('button', { name: 'Nowy budżet' }).click()
  await dialog(page).getByRole('textbox', { name: 'Nazwa' }).fill('Telefon')
  await dialog(page).getByText('Pusty budżet').click()
  await dialog(page).getByRole('button', { name: 'Utwórz' }).click()
  await page.waitForURL(/\/budget\/[^/]+\/period\/\d{6}$/u)
  const month = new URL(page.url()).pathname

  // An account with its opening balance.
  await page.goto(`${month}/bankAccounts`)
  await page.getByRole('button', { name: 'Dodaj konto' }).click()
  await dialog(page)
    .getByRole('button', { name: /Niepołączone/u })
    .click()
  await dialog(page).getByRole('textbox', { name: 'Nazwa konta' }).fill('Konto osobiste')
  await dialog(page).getByRole('textbox', { name: 'Saldo początkowe' }).fill('4 000')
  await dialog(page).getByRole('button', { name: 'Dodaj konto' }).click()
  await expect(page.getByRole('listitem', { name: 'Konto osobiste' })).toBeVisible()

  // A group with two categories and an income category, through the structure routes.
  await page.goto(month)
  await page.getByRole('button', { name: 'Dodaj grupę' }).click()
  await page.getByRole('dialog', { name: 'Dodaj grupę kategorii' }).getByRole('textbox').fill('Rachunki')
  await page
    .getByRole('dialog', { name: 'Dodaj grupę kategorii' })
    .getByRole('button', { name: 'Dodaj' })
    .click()
  await expect(page.getByRole('heading', { name: 'Rachunki' })).toBeVisible()
  await addCategory(page, 'Rachunki', 'Prąd')
  await addCategory(page, 'Rachunki', 'Jedzenie')
  await addCategory(page, 'Rachunki', 'Pensja', 'Przychód')
  await expect(readyToAssign(page)).toHaveText(zl('4 000,00'))

  // Income from the all-transactions screen (the Transactions button).
  await page.getByRole('link', { name: /Pokaż wszystkie transakcje/u }).click()
  await page.getByRole('button', { name: 'Dodaj transakcję' }).click()
  const income = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await pickDirection(income, 'Wpływ')
  await income.getByRole('textbox', { name: 'Kwota' }).fill('2 000')
  await income.getByRole('combobox', { name: 'Odbiorca' }).fill('Firma')
  await choose(page, /Kategoria$/u, 'Pensja')
  await income.getByRole('button', { name: 'Zapisz' }).click()
  await expect(income).toHaveCount(0)
  await page.goto(month)
  await expect(readyToAssign(page)).toHaveText(zl('6 000,00'))

  // Assign in the category's sheet.
  await page.getByRole('link', { name: /Prąd/u }).click()
  await dialog(page).getByRole('button', { name: 'Przydziel', exact: true }).click()
  await page.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' }).fill('300')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' })).toHaveCount(0)

  // Spend on food with nothing assigned to it, then cover the overspending from Prąd.
  await page.goto(month)
  await page.getByRole('link', { name: /Jedzenie/u }).click()
  await dialog(page).getByRole('button', { name: 'Dodaj transakcję' }).click()
  const spend = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await spend.getByRole('textbox', { name: 'Kwota' }).fill('120')
  await spend.getByRole('combobox', { name: 'Odbiorca' }).fill('Żabka')
  await spend.getByRole('button', { name: 'Zapisz' }).click()
  await expect(spend).toHaveCount(0)
  await page.goto(month)
  const food = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Jedzenie/u }) })
  await expect(food.getByText(zl('-120,00'))).toBeVisible()
  await page.getByRole('link', { name: /Jedzenie/u }).click()
  await dialog(page).getByRole('button', { name: 'Pokryj przekroczenie' }).click()
  await choose(page, /Pokryj z/u, /^Prąd/u)
  await page
    .getByRole('dialog', { name: 'Pokryj przekroczenie: Jedzenie' })
    .getByRole('button', { name: 'Pokryj', exact: true })
    .click()

  await page.goto(month)
  await expect(food.getByText(zl('0,00'))).toBeVisible()
  const power = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Prąd/u }) })
  await expect(power.getByText(zl('180,00'))).toBeVisible()
  await expect(readyToAssign(page)).toHaveText(zl('5 700,00'))
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'whole-month')
})
