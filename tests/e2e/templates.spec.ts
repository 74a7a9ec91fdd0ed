import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { type ArrangedBudget, api, arrangeBudget } from './budgetData.ts'
import { expectNoClippedText } from './layout.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap, today, zl } from './support.ts'

// Issue 29: a monthly bill made through the screens shows as a draft in its account and its category, counts in
// no balance until it is confirmed, the drafts digest reminds of the other in the notification centre, and that
// one is skipped; both viewports.

const firstOfMonth = `${today.slice(0, 8)}01`

/** `HH:MM` of a minute at least 30 s ahead in the default time zone (Europe/Warsaw), where a reminder is due next. */
const nextMinuteInWarsaw = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Warsaw',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + 90_000))

const accountsPage = (budgetId: string, mobile: boolean) =>
  mobile
    ? `/budget/${budgetId}/period/${currentPeriod}/bankAccounts`
    : `/budget/${budgetId}/period/${currentPeriod}?view=accounts`

const registerPage = (budget: ArrangedBudget, mobile: boolean) =>
  mobile
    ? `/budget/${budget.id}/period/${currentPeriod}/bankAccounts/${budget.checkingId}`
    : `/budget/${budget.id}/period/${currentPeriod}?view=transactions&account=${budget.checkingId}`

/** Czynsz's inspector: the phone's category sheet, the desktop's side panel (its row selected). */
const openCategory = async (page: Page, budget: ArrangedBudget, mobile: boolean) => {
  if (mobile) await page.goto(`/budget/${budget.id}/period/${currentPeriod}/categories/${budget.rentId}`)
  else {
    await page.goto(`/budget/${budget.id}/period/${currentPeriod}`)
    await page.getByRole('button', { name: 'Czynsz', exact: true }).click()
  }
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

const templateDialog = (page: Page) => page.getByRole('dialog', { name: 'Nowa transakcja cykliczna' })
const draftDialog = (page: Page) => page.getByRole('dialog', { name: 'Zatwierdź transakcję cykliczną' })
const accountRow = (page: Page) => page.getByRole('listitem').filter({ hasText: 'Konto osobiste' }).first()
const drafts = (page: Page) => page.getByRole('region', { name: 'Szkice transakcji cyklicznych' })

test('templates: a monthly bill becomes a draft, counts once confirmed; a reminder of another, skipped', async ({
  page,
  request,
}, info) => {
  test.setTimeout(270_000)
  const mobile = info.project.name === 'mobile'
  const budgetName = `Cykliczne ${info.project.name} ${Date.now()}`
  const budget = await arrangeBudget(request, budgetName, 500_000, firstOfMonth)
  await signInThrough(page, accountsPage(budget.id, mobile))

  // The list of recurring transactions starts empty; the bill is made through its dialog.
  const list = page.getByRole('region', { name: 'Cykliczne', exact: true })
  await expect(list).toContainText('Brak transakcji cyklicznych.')
  await expect(accountRow(page)).toContainText(zl('5 000,00'))
  await list.getByRole('button', { name: 'Dodaj cykliczną' }).click()
  const dialog = templateDialog(page)
  await expect(dialog).toBeVisible()
  await choose(page, dialog, /Konto$/, 'Konto osobiste')
  await dialog.getByRole('textbox', { name: 'Kwota' }).fill('100,00')
  await dialog.getByRole('textbox', { name: 'Odbiorca' }).fill('Internet')
  await choose(page, dialog, /Kategoria$/, 'Czynsz')
  await expect(dialog.getByRole('button', { name: /Powtarzaj$/ })).toContainText('Co miesiąc')
  // The next dates from today: the first is today.
  await expect(dialog.getByRole('region', { name: 'Najbliższe daty' }).getByRole('listitem')).toHaveCount(5)
  await snap(page, info, 'template-dialog')
  await dialog.getByRole('button', { name: 'Zapisz' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(list).toContainText('Internet')
  await expect(list).toContainText('Co miesiąc')
  // A draft counts in no balance.
  await expect(accountRow(page)).toContainText(zl('5 000,00'))

  // Another bill, made elsewhere (the API), to be skipped.
  await api(request, 'POST', `/api/budget/${budget.id}/commands`, {
    command: {
      _tag: 'CreateTemplate',
      templateId: randomUUID(),
      bankAccountId: budget.checkingId,
      payee: 'Prąd',
      value: -5_000,
      splits: [{ categoryId: budget.rentId, value: -5_000 }],
      frequency: 'Monthly',
      startDate: today,
    },
  })

  // The category's inspector lists both as drafts under "Nadchodzące".
  await openCategory(page, budget, mobile)
  const upcoming = page.getByRole('region', { name: 'Nadchodzące' })
  await expect(upcoming).toContainText('Internet')
  await expect(upcoming).toContainText('Prąd')
  await expect(upcoming.getByText('Szkic')).toHaveCount(2)
  await snap(page, info, 'template-category')
  // Each item opens its draft (a button, so by keyboard too).
  await upcoming.getByRole('button', { name: /Otwórz szkic Internet/u }).click()
  await expect(draftDialog(page)).toContainText('Internet')

  // The register: both drafts above the transactions, apart from them.
  await page.goto(registerPage(budget, mobile))
  const section = drafts(page)
  await expect(section.getByRole('listitem')).toHaveCount(2)
  // Each says where the money goes, like the register's rows.
  await expect(section.getByRole('listitem').filter({ hasText: 'Internet' })).toContainText('Czynsz')
  await expectNoClippedText(page)
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'template-register')
  const internet = section.getByRole('listitem').filter({ hasText: 'Internet' })
  await internet.getByRole('button', { name: 'Zatwierdź' }).click()
  const confirm = draftDialog(page)
  await expect(confirm).toContainText('Internet')
  await expect(confirm.getByRole('textbox', { name: 'Kwota' })).toHaveValue('100,00')
  await confirm.getByRole('button', { name: 'Zatwierdź' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(
    page.getByRole('table', { name: 'Transakcje' }).getByRole('row', { name: /Internet/ }),
  ).toBeVisible()
  await expect(section.getByRole('listitem')).toHaveCount(1)

  // Prąd is still due: the drafts digest, set for the coming minute, reminds of it in the notification centre.
  await page.goto(mobile ? '/settings/reminder' : '/settings/reminders')
  const digest = page.getByRole('region', { name: 'Zestawienie transakcji do zatwierdzenia' })
  for (const [i, part] of nextMinuteInWarsaw().split(':').entries())
    await digest
      .getByRole('group', { name: 'Godzina' })
      .getByRole('spinbutton')
      .nth(i)
      .pressSequentially(part)
  await page.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByText('Ustawienia powiadomień zapisane.')).toBeVisible()
  const reminder = page
    .getByRole('dialog', { name: 'Powiadomienia' })
    .getByRole('button', { name: /Transakcje do zatwierdzenia/u })
    // The worker's account holds other journeys' budgets, with drafts of their own.
    .filter({ hasText: budgetName })
  await expect(async () => {
    await page.reload()
    await page.getByRole('button', { name: /^Powiadomienia/u }).click()
    await expect(reminder).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 130_000, intervals: [3_000] })
  await expect(reminder).toContainText('1 cykliczna transakcja czeka na zatwierdzenie')
  await snap(page, info, 'template-reminder')
  // Its link opens the budget; the draft is where it was.
  await reminder.click()
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}`, 'u'))
  await page.goto(registerPage(budget, mobile))

  // Skipped, after a question (there is no un-skip): no transaction, no draft.
  const prad = section.getByRole('listitem').filter({ hasText: 'Prąd' })
  await prad.getByRole('button', { name: 'Pomiń' }).click()
  await expect(prad.getByRole('alert')).toContainText(/Pominąć płatność Prąd z /u)
  await snap(page, info, 'template-skip-question')
  await prad.getByRole('button', { name: 'Pomiń' }).click()
  await expect(drafts(page)).toHaveCount(0)
  await expect(
    page.getByRole('table', { name: 'Transakcje' }).getByRole('row', { name: /Prąd/ }),
  ).toHaveCount(0)

  // Only the confirmed one changed the balance.
  await page.goto(accountsPage(budget.id, mobile))
  await expect(accountRow(page)).toContainText(zl('4 900,00'))
})

for (const width of [320, 1024] as const) {
  test(`templates: the dialogs fit ${width} px`, async ({ page, request }, info) => {
    test.skip((width === 320) !== (info.project.name === 'mobile'), 'one width per project')
    await page.setViewportSize({ width, height: 800 })
    const budget = await arrangeBudget(request, `Cykliczne ${width} ${Date.now()}`, 500_000, firstOfMonth)
    const templateId = randomUUID()
    await api(request, 'POST', `/api/budget/${budget.id}/commands`, {
      command: {
        _tag: 'CreateTemplate',
        templateId,
        bankAccountId: budget.checkingId,
        payee: 'Przedsiębiorstwo Wodociągów i Kanalizacji',
        value: -12_345,
        splits: [{ categoryId: budget.rentId, value: -12_345 }],
        frequency: 'Monthly',
        startDate: today,
        shift: 'After',
      },
    })
    await signInThrough(page, accountsPage(budget.id, info.project.name === 'mobile'))
    await page.getByRole('button', { name: 'Dodaj cykliczną' }).click()
    await expect(templateDialog(page)).toBeVisible()
    await expectNoClippedText(page)
    await snap(page, info, `template-dialog-${width}`)
    await templateDialog(page).getByRole('button', { name: 'Anuluj' }).click()
    await page.goto(registerPage(budget, info.project.name === 'mobile'))
    await drafts(page).getByRole('button', { name: 'Zatwierdź' }).click()
    await expect(draftDialog(page)).toBeVisible()
    await expectNoClippedText(page)
    await snap(page, info, `draft-dialog-${width}`)
  })
}
