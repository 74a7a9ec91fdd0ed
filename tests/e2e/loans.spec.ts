import { expect, type Page, test } from '@playwright/test'
import * as Result from 'effect/Result'
import { whatIfOverpayment } from '../../domain/loans/explain.ts'
import { loanSchedule } from '../../domain/loans/schedule.ts'
import { formatAmount } from '../../domain/money.ts'
import type { LoanActivity, LoanTerms } from '../../schemas/loans.ts'
import { CurrencyCode, IsoDate, Minor } from '../../schemas/money.ts'
import { api, arrangeBudget } from './budgetData.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap, today } from './support.ts'

// Issue 32 §2 screens: a loan recorded through the screen, an overpayment whose "what if" shows before it is
// recorded, a rate change, and the new schedule — its figures worked out here by the same arithmetic (domain/loans),
// and the public worked example (300 000 zł at 3,3 % for 360 months, equal installments: 1 313,87 zł).

const PLN = CurrencyCode.make('PLN')
/** An amount as the pl-PL screens print it ('1 313,87 zł', non-breaking spaces). */
const money = (amount: number) => formatAmount(Minor.make(amount), PLN, 'pl')

/** The 5th of next month: the first installment is still to come, so it is the next one. */
const firstPayment = (() => {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  return month === 12 ? `${year + 1}-01-05` : `${year}-${String(month + 1).padStart(2, '0')}-05`
})()
const typed = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`

const terms: LoanTerms = {
  principal: Minor.make(30_000_000),
  annualRate: '3.3',
  installments: 360,
  paymentType: 'Constant',
  firstPaymentDate: IsoDate.make(firstPayment),
}
const overpayment = {
  type: 'PrincipalChange',
  afterInstallment: 1,
  value: Minor.make(2_000_000),
  mode: 'ShortenTerm',
} as const satisfies LoanActivity
const rateChange = {
  type: 'InterestRateChange',
  fromInstallment: 13,
  annualRate: '5.5',
} as const satisfies LoanActivity

const scheduleWith = (activities: ReadonlyArray<LoanActivity>, loan: LoanTerms = terms) => {
  const result = loanSchedule(loan, activities)
  if (Result.isFailure(result)) throw new Error(result.failure.code)
  return result.success
}

/**
 * A loan dialog's submit button is pending while its request is on the wire; react-aria announces that by pointing
 * a live region at the button for 7 s, after the dialog (and the button) may be gone. axe waits for them to go.
 */
const afterAnnouncements = async (page: Page) => {
  await expect(page.locator('[data-live-announcer] [role="img"]')).toHaveCount(0, { timeout: 10_000 })
  await expectNoSeriousA11yViolations(page)
}

const figure = (page: Page, name: string) =>
  page
    .locator('.loan__figure')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('dd')

test('loans: record a loan, see an overpayment before recording it, change the rate, read the schedule', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000)
  const mobile = info.project.name === 'mobile'
  const budget = await arrangeBudget(request, `Kredyty ${info.project.name} ${Date.now()}`)
  await signInThrough(page, `/budget/${budget.id}/period/${currentPeriod}`)

  // Reached from the budget: the desktop's side panel, the phone's 'Więcej'.
  if (mobile) await page.getByRole('link', { name: 'Więcej' }).click()
  await page
    .getByRole('link', { name: /^Kredyty/u })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}/loans$`, 'u'))
  await expect(page.getByRole('heading', { name: 'Nie masz jeszcze żadnego kredytu' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'loans-empty')

  // A new loan through its dialog: the address names it; a missing field is said next to it, nothing is lost.
  await page.getByRole('button', { name: 'Nowy kredyt' }).click()
  await expect(page).toHaveURL(/dialog=newLoan/u)
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Kwota kredytu' }).fill('300000')
  await dialog.getByRole('textbox', { name: /^Oprocentowanie roczne/u }).fill('3,33333')
  await dialog.getByRole('button', { name: 'Dodaj kredyt' }).click()
  await expect(dialog.getByText('Pole jest wymagane.').first()).toBeVisible()
  await expect(dialog.getByText('Oprocentowanie może mieć najwyżej 4 miejsca po przecinku.')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Kwota kredytu' })).toHaveValue('300000')
  await dialog.getByRole('textbox', { name: 'Nazwa kredytu' }).fill('Hipoteka')
  await dialog.getByRole('textbox', { name: /^Oprocentowanie roczne/u }).fill('3,3')
  await dialog.getByRole('textbox', { name: 'Lata' }).fill('30')
  await expect(dialog.getByText('= 360 rat miesięcznych')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Data pierwszej raty' }).fill(typed(firstPayment))
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'loans-new')
  await dialog.getByRole('button', { name: 'Dodaj kredyt' }).click()

  // The loan's page: the worked example's installment, to the grosz.
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}/loans/[^/?]+$`, 'u'))
  await expect(page.getByRole('heading', { name: 'Hipoteka' })).toBeVisible()
  await expect(figure(page, 'Następna rata')).toContainText(money(131_387))
  await expect(figure(page, 'Oprocentowanie')).toHaveText('3,3\u00a0%')
  const plain = scheduleWith([])
  await expect(figure(page, 'Odsetki razem')).toHaveText(money(plain.totals.interest))
  const schedule = page.getByRole('table', { name: 'Harmonogram spłat' })
  await expect(schedule.getByRole('row').nth(1)).toContainText(money(131_387))
  await expect(schedule.getByRole('row').nth(1)).toContainText(money(82_500))
  await expect(page.getByRole('img', { name: /^Saldo kredytu: od 300\s000,00\szł/u })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Rata nr 1: odsetki 825,00\szł/u })).toBeVisible()

  // An overpayment: what it would save shows as it is typed, before anything is recorded.
  await page.getByRole('button', { name: 'Zapisz zmianę…' }).click()
  await page.getByRole('menuitem', { name: 'Nadpłata' }).click()
  await expect(page).toHaveURL(/dialog=activity&activity=PrincipalChange/u)
  const overpay = page.getByRole('dialog')
  await expect(overpay.getByRole('textbox', { name: 'Po racie nr' })).toHaveValue('1')
  // More than is owed: the what-if says so at once, and the server's refusal (422) stands next to the amount.
  const tooMuch = 'Nadpłata jest większa niż pozostały do spłaty kapitał.'
  await overpay.getByRole('textbox', { name: 'Kwota nadpłaty' }).fill('400000')
  await expect(overpay.getByRole('region', { name: 'Co da ta nadpłata?' })).toContainText(tooMuch)
  await overpay.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(overpay.getByRole('textbox', { name: 'Kwota nadpłaty' })).toHaveAccessibleDescription(
    new RegExp(tooMuch, 'u'),
  )
  await expect(overpay.getByRole('textbox', { name: 'Kwota nadpłaty' })).toHaveValue('400000')
  await overpay.getByRole('textbox', { name: 'Kwota nadpłaty' }).fill('20000')
  const expected = whatIfOverpayment(terms, [], overpayment)
  if (Result.isFailure(expected) || expected.success === undefined) throw new Error('no what-if')
  const effect = expected.success
  const whatIf = overpay.getByRole('region', { name: 'Co da ta nadpłata?' })
  await expect(whatIf).toContainText(money(effect.interestSaved))
  await expect(whatIf).toContainText(`${effect.installmentsSaved} rat`)
  await expect(whatIf).toContainText(`${money(effect.installmentBefore)} → ${money(effect.installmentAfter)}`)
  expect(effect.installmentsSaved).toBeGreaterThan(0)
  await afterAnnouncements(page)
  await snap(page, info, 'loans-what-if')
  await overpay.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(overpay).toBeHidden()
  await expect(page.getByText('Nadpłata 20\u00a0000,00\u00a0zł po racie nr 1 (Krótszy okres)')).toBeVisible()

  // A rate change (a WIBOR reset) from installment 13.
  await page.getByRole('button', { name: 'Zapisz zmianę…' }).click()
  await page.getByRole('menuitem', { name: 'Zmiana oprocentowania' }).click()
  const rate = page.getByRole('dialog')
  await rate.getByRole('textbox', { name: 'Od raty nr' }).fill('13')
  await rate.getByRole('textbox', { name: /^Nowe oprocentowanie roczne/u }).fill('5,5')
  await rate.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(rate).toBeHidden()
  await expect(page.getByText('Oprocentowanie 5,5\u00a0% od raty nr 13')).toBeVisible()

  // The new schedule, as the arithmetic computes it with both activities.
  const after = scheduleWith([overpayment, rateChange])
  await expect(figure(page, 'Odsetki razem')).toHaveText(money(after.totals.interest))
  await expect(figure(page, 'Liczba rat')).toHaveText(String(after.totals.installments))
  await expect(schedule.getByRole('row').nth(1)).toContainText(money(2_000_000))
  const row13 = after.rows[12]
  if (row13 === undefined) throw new Error('no row 13')
  await page.locator('.loans-schedule').evaluate((element) => {
    element.scrollTop = 36 * 8
  })
  const thirteen = schedule
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '13', exact: true }) })
  await expect(thirteen).toContainText(money(row13.payment))
  await expect(thirteen).toContainText(money(row13.interest))
  await afterAnnouncements(page)
  await snap(page, info, 'loans-page')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'loans-page-dark')
  await page.emulateMedia({ colorScheme: 'light' })
  if (info.project.name === 'desktop') {
    // A laptop's 1024 px: the schedule's every column in view, not cut at "Nadpłata" (a newcomer's finding).
    await page.setViewportSize({ width: 1024, height: 768 })
    const scroller = page.locator('.loans-schedule')
    await expect
      .poll(() => scroller.evaluate((element) => element.scrollWidth <= element.clientWidth))
      .toBe(true)
    await snap(page, info, 'loans-page-1024')
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // Back on the list: the loan with what is owed, its next installment, its rate.
  await page.getByRole('link', { name: '← Wszystkie kredyty' }).click()
  const card = page.locator('.loans__list').getByRole('listitem').filter({ hasText: 'Hipoteka' })
  await expect(card).toContainText(money(after.rows[0]?.payment ?? 0))
  await expect(card).toContainText('3,3\u00a0%')
  await expect(card).toContainText('Aktywny')
  await snap(page, info, 'loans-list')
})

test('loans: pay an installment and overpay from a budget account, then close the loan', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000)
  const budget = await arrangeBudget(request, `Kredyt spłata ${info.project.name} ${Date.now()}`, 5_000_000)
  const loan = await api(request, 'POST', `/api/budget/${budget.id}/loans`, {
    name: 'Samochód',
    principal: 6_000_000,
    annualRate: '9.99',
    installments: 48,
    paymentType: 'Constant',
    firstPaymentDate: firstPayment,
    categoryGroupName: 'Kredyty',
  })
  const loanId = typeof loan === 'object' && loan !== null && 'id' in loan ? String(loan.id) : ''
  const car: LoanTerms = { ...terms, principal: Minor.make(6_000_000), annualRate: '9.99', installments: 48 }
  const first = scheduleWith([], car).rows[0]
  if (first === undefined) throw new Error('no first installment')
  await signInThrough(page, `/budget/${budget.id}/loans/${loanId}`)
  await expect(page.getByRole('heading', { name: 'Samochód' })).toBeVisible()

  // The next unpaid installment, from the budget's account, on its own date.
  await page.getByRole('button', { name: 'Zapłać ratę' }).click()
  const pay = page.getByRole('dialog')
  await expect(pay.getByRole('textbox', { name: 'Rata nr' })).toHaveValue('1')
  await expect(pay).toContainText(`Rata ${money(first.payment)}: kapitał ${money(first.principal)}`)
  await pay.getByRole('button', { name: /Z konta/u }).click()
  await page.getByRole('option', { name: 'Konto osobiste' }).click()
  // Paid today unless its day is already past: an early payment is dated when the money leaves the account.
  await expect(pay.getByRole('textbox', { name: 'Data zapłaty' })).toHaveValue(
    typed([firstPayment, today].sort()[0] ?? today),
  )
  await pay.getByRole('button', { name: 'Zapłać', exact: true }).click()
  await expect(pay).toBeHidden()
  await expect(page.getByText(`Wpłata ${money(first.payment)} za ratę nr 1`)).toBeVisible()

  // An overpayment paid from the same account: the money moves with it.
  await page.getByRole('button', { name: 'Zapisz zmianę…' }).click()
  await page.getByRole('menuitem', { name: 'Nadpłata' }).click()
  const overpay = page.getByRole('dialog')
  await overpay.getByRole('textbox', { name: 'Kwota nadpłaty' }).fill('5000')
  await overpay.getByRole('button', { name: /Zapłacona z konta/u }).click()
  await page.getByRole('option', { name: 'Konto osobiste' }).click()
  await overpay.getByRole('textbox', { name: 'Data zapłaty' }).fill(typed(today))
  await overpay.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect(overpay).toBeHidden()
  await expect(page.getByText('Nadpłata 5\u00a0000,00\u00a0zł po racie nr 1 (Krótszy okres)')).toBeVisible()
  await afterAnnouncements(page)

  // Closed by hand: the loan says so and offers nothing more to record.
  await page.getByRole('button', { name: 'Zamknij kredyt' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Zamknij kredyt' }).click()
  await expect(page.getByText('Zamknięty', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Zapłać ratę' })).toHaveCount(0)
  await snap(page, info, 'loans-closed')
})
