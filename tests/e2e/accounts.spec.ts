import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test'
import { api, arrangeBudget } from './budgetData.ts'
import { expectNoSeriousA11yViolations, signInThrough, snap } from './support.ts'

// Bank accounts (issue 5): add an unconnected account, transfer, reconcile with a difference, close an empty account.

const now = new Date()
const PERIOD = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`
const PERIOD_LABEL = new Intl.DateTimeFormat('pl-PL', { month: 'long', year: 'numeric' }).format(now)
const CARD = `Konta bankowe | ${PERIOD_LABEL}`

/** An amount as pl-PL prints it ('6 200,50 zł' with non-breaking spaces), matched by its visible text. */
const zl = (text: string) => new RegExp(`${text.replaceAll(' ', '\\s')}\\szł`, 'u')

const dialog = (page: Page) => page.getByRole('dialog')

async function chooseUnconnected(page: Page, info: TestInfo) {
  await page.getByRole('button', { name: 'Dodaj konto' }).click()
  const chooser = dialog(page)
  await expect(chooser.getByRole('heading', { name: 'Wybierz rodzaj konta' })).toBeVisible()
  // Connected needs bank connections (a later issue): shown, disabled, with the reason.
  await expect(chooser.getByRole('button', { name: /Połączone/u })).toBeDisabled()
  await expect(chooser.getByText(/połączenia z bankiem pojawią się/u)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'account-type')
  await chooser.getByRole('button', { name: /Niepołączone/u }).click()
}

async function fillNewAccount(page: Page, info: TestInfo) {
  const form = dialog(page)
  await expect(form.getByRole('heading', { name: 'Nowe konto', exact: true })).toBeVisible()
  // Required fields say so.
  await form.getByRole('button', { name: 'Dodaj konto' }).click()
  await expect(form.getByText('Pole jest wymagane.').first()).toBeVisible()
  await form.getByRole('textbox', { name: 'Nazwa konta' }).fill('Oszczędności')
  await form.getByRole('textbox', { name: 'Saldo początkowe' }).fill('1 200,50')
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'account-add')
  await form.getByRole('button', { name: 'Dodaj konto' }).click()
  await expect(dialog(page)).toHaveCount(0)
}

async function transfer(page: Page, from: string, to: string, amount: string) {
  const form = dialog(page)
  await expect(form.getByRole('heading', { name: 'Przelew między kontami' })).toBeVisible()
  await expect(form.getByRole('button', { name: /Z konta/u })).toContainText(from)
  await form.getByRole('button', { name: /Na konto/u }).click()
  // The source account is no target.
  await expect(page.getByRole('option', { name: to })).toBeVisible()
  await expect(page.getByRole('option', { name: from, exact: true })).toHaveCount(0)
  await page.getByRole('option', { name: to }).click()
  await form.getByRole('textbox', { name: 'Kwota' }).fill(amount)
  await form.getByRole('button', { name: 'Przelej' }).click()
  await expect(dialog(page)).toHaveCount(0)
}

/** Answers "no" to "does the bank show this?", states the bank's balance and checks the difference shown. */
async function reconcileWithDifference(page: Page, info: TestInfo) {
  const form = dialog(page)
  await expect(form.getByText('Czy Twój bank pokazuje takie samo saldo?')).toBeVisible()
  await expect(form.getByText(zl('5 000,00'))).toBeVisible()
  await form.getByRole('button', { name: 'Nie, podam saldo z banku' }).click()
  await dialog(page).getByRole('textbox', { name: 'Saldo w banku' }).fill('4 990,00')
  await expect(dialog(page).getByText(zl('-10,00'))).toBeVisible()
  await expect(dialog(page).getByText(/Zostanie dodana transakcja korygująca/u)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'reconcile')
  await dialog(page).getByRole('button', { name: 'Uzgodnij', exact: true }).click()
  await expect(dialog(page)).toHaveCount(0)
}

const accountRow = (page: Page, name: string): Locator => page.getByRole('listitem', { name })

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
})

test('mobile: add, transfer, reconcile and close bank accounts', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'mobile', 'the bank-account routes exist in the mobile route tree only')
  test.setTimeout(90_000)
  const budget = await arrangeBudget(request, 'Konta mobile')
  const list = `/budget/${budget.id}/period/${PERIOD}/bankAccounts`
  // A phone has no side panel: the menu leads from the month to the budget's accounts (and to its budgets list).
  await signInThrough(page, `/budget/${budget.id}/period/${PERIOD}`)
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Twoje budżety' })).toHaveAttribute(
    'href',
    `/budget/${budget.id}/list`,
  )
  await page.getByRole('menuitem', { name: 'Konta bankowe' }).click()
  await page.waitForURL(`**${list}`)

  // The card: header with the period in the user's locale, the total, the account with its balances.
  await expect(page.getByRole('heading', { name: CARD })).toBeVisible()
  await expect(page.getByText('Razem')).toBeVisible()
  await expect(accountRow(page, 'Konto osobiste').getByText(zl('5 000,00')).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'accounts-list')

  // Add an unconnected account with an opening balance.
  await chooseUnconnected(page, info)
  await page.waitForURL(`**/budget/${budget.id}/bankAccount/modal`)
  await fillNewAccount(page, info)
  await page.waitForURL(`**${list}`)
  await expect(accountRow(page, 'Oszczędności')).toBeVisible()
  await expect(page.locator('.accounts-card__total')).toContainText(zl('6 200,50'))

  // Transfer everything from Oszczędności to Konto osobiste.
  await accountRow(page, 'Oszczędności').getByRole('link', { name: 'Oszczędności' }).click()
  await expect(page.getByRole('heading', { name: 'Oszczędności', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Przelew' }).click()
  await transfer(page, 'Oszczędności', 'Konto osobiste', '1 200,50')
  await expect(page.getByRole('heading', { name: 'Oszczędności', level: 1 })).toBeVisible()
  await expect(page.locator('.accounts-card__total')).toContainText(zl('0,00'))

  // Reconcile Konto osobiste: the bank shows 10 zł less than the cleared balance.
  await page.getByRole('link', { name: 'Wszystkie konta' }).click()
  await accountRow(page, 'Konto osobiste').getByRole('link', { name: 'Konto osobiste' }).click()
  await page.getByRole('link', { name: 'Uzgodnij saldo' }).click()
  await reconcileWithDifference(page, info)
  await expect(page.getByRole('heading', { name: 'Konto osobiste', level: 1 })).toBeVisible()
  await expect(page.locator('.accounts-card__total')).toContainText(zl('6 190,50'))
  await expect(page.getByText(/Ostatnio uzgodnione/u)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'account')

  // A non-empty account cannot be closed: the domain's refusal shows.
  await page.getByRole('link', { name: 'Zamknij konto' }).click()
  await dialog(page).getByRole('button', { name: 'Zamknij konto' }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText('Konto można zamknąć tylko przy saldzie zero.')
  await dialog(page).getByRole('button', { name: 'Anuluj' }).click()
  await expect(dialog(page)).toHaveCount(0)

  // The emptied Oszczędności closes and is listed apart.
  await page.getByRole('link', { name: 'Wszystkie konta' }).click()
  await accountRow(page, 'Oszczędności').getByRole('link', { name: 'Oszczędności' }).click()
  await page.getByRole('link', { name: 'Zamknij konto' }).click()
  await dialog(page).getByRole('button', { name: 'Zamknij konto' }).click()
  await expect(dialog(page)).toHaveCount(0)
  await page.goto(list)
  const closed = page.getByRole('list', { name: 'Zamknięte konta' })
  await expect(closed.getByRole('listitem', { name: 'Oszczędności' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Otwarte konta' }).getByRole('listitem')).toHaveCount(1)

  // Rename the remaining account (the modal route with an id).
  await accountRow(page, 'Konto osobiste').getByRole('link', { name: 'Konto osobiste' }).click()
  await page.getByRole('link', { name: 'Zmień nazwę' }).click()
  await dialog(page).getByRole('textbox', { name: 'Nazwa konta' }).fill('Konto główne')
  await dialog(page).getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByRole('heading', { name: 'Konto główne', level: 1 })).toBeVisible()

  // The month view's 'Transactions' button (SPEC §2) carries the balances total and opens all transactions.
  await page.goto(`/budget/${budget.id}/period/${PERIOD}`)
  const button = page.getByRole('link', { name: 'Pokaż wszystkie transakcje' })
  await expect(button).toContainText('Transakcje')
  await expect(button).toContainText(zl('6 190,50'))
  await button.click()
  await page.waitForURL(`**/budget/${budget.id}/period/${PERIOD}/all-transactions`)
})

test('desktop: the side panel lists the budget and its accounts', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'the side panel is desktop only')
  const budget = await arrangeBudget(request, 'Konta panel')
  const month = `/budget/${budget.id}/period/${PERIOD}`
  await signInThrough(page, month)
  const nav = page.getByRole('navigation', { name: 'Nawigacja główna' })
  // The section is named after the open budget.
  await expect(nav.getByRole('heading', { name: 'Konta panel', level: 2 })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Budżet', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Wszystkie transakcje' })).toBeVisible()
  await expect(nav.getByRole('link', { name: /Konto osobiste\s*5\s000,00\szł/u })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Ustawienia budżetu' })).toHaveAttribute(
    'href',
    `/budget/${budget.id}/settings`,
  )
  await nav.getByRole('link', { name: 'Konta bankowe' }).click()
  await page.waitForURL(`**${month}?view=accounts`)
  await expect(nav.getByRole('link', { name: 'Konta bankowe' })).toHaveAttribute('aria-current', 'page')
})

test('desktop: add, transfer, reconcile and close in the accounts pane', async ({ page, request }, info) => {
  test.skip(
    info.project.name !== 'desktop',
    'the accounts pane is the desktop month view with ?view=accounts',
  )
  test.setTimeout(90_000)
  const budget = await arrangeBudget(request, 'Konta desktop')
  await signInThrough(page, `/budget/${budget.id}/period/${PERIOD}?view=accounts`)
  await expect(page.getByRole('heading', { name: CARD })).toBeVisible()
  await expect(accountRow(page, 'Konto osobiste').getByText(zl('5 000,00')).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'accounts-list')

  await chooseUnconnected(page, info)
  await fillNewAccount(page, info)
  await expect(accountRow(page, 'Oszczędności')).toBeVisible()
  await expect(page.locator('.accounts-card__total')).toContainText(zl('6 200,50'))

  await page.getByRole('button', { name: 'Akcje konta Oszczędności' }).click()
  await page.getByRole('menuitem', { name: 'Przelew' }).click()
  await transfer(page, 'Oszczędności', 'Konto osobiste', '1 200,50')
  await expect(accountRow(page, 'Oszczędności').locator('.account-row__working')).toContainText(zl('0,00'))

  await page.getByRole('button', { name: 'Akcje konta Konto osobiste' }).click()
  await page.getByRole('menuitem', { name: 'Uzgodnij saldo' }).click()
  await reconcileWithDifference(page, info)
  await expect(page.locator('.accounts-card__total')).toContainText(zl('6 190,50'))
  await expect(accountRow(page, 'Konto osobiste').getByText(/Ostatnio uzgodnione/u)).toBeVisible()

  await page.getByRole('button', { name: 'Akcje konta Konto osobiste' }).click()
  await page.getByRole('menuitem', { name: 'Zamknij konto' }).click()
  await dialog(page).getByRole('button', { name: 'Zamknij konto' }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText('Konto można zamknąć tylko przy saldzie zero.')
  await dialog(page).getByRole('button', { name: 'Anuluj' }).click()

  await page.getByRole('button', { name: 'Akcje konta Oszczędności' }).click()
  await page.getByRole('menuitem', { name: 'Zamknij konto' }).click()
  await dialog(page).getByRole('button', { name: 'Zamknij konto' }).click()
  await expect(dialog(page)).toHaveCount(0)
  const closed = page.getByRole('list', { name: 'Zamknięte konta' })
  await expect(closed.getByRole('listitem', { name: 'Oszczędności' })).toBeVisible()
})

test('a budget without accounts says so and offers to add one', async ({ page, request }, info) => {
  const created = (await api(request, 'POST', '/api/budget', { name: 'Bez kont', currency: 'PLN' })) as {
    id: string
  }
  const path =
    info.project.name === 'mobile'
      ? `/budget/${created.id}/period/${PERIOD}/bankAccounts`
      : `/budget/${created.id}/period/${PERIOD}?view=accounts`
  await signInThrough(page, path)
  await expect(page.getByRole('heading', { name: CARD })).toBeVisible()
  await expect(page.getByText('Nie masz jeszcze żadnego konta.')).toBeVisible()
  await expect(page.locator('.accounts-card__total')).toContainText(zl('0,00'))
  await expect(page.getByRole('button', { name: 'Dodaj konto' })).toBeVisible()
})
