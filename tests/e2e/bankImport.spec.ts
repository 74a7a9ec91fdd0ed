import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { api, arrangeBudget } from './budgetData.ts'
import { expectNoClippedText } from './layout.ts'
import { currentPeriod, expectNoSeriousA11yViolations, signInThrough, snap } from './support.ts'

// Issue 28 §2, §4: a bank file goes through the screens — chosen from the account's register, read, previewed with
// each row's status, imported — shows in the account; the same file again adds nothing; the import is undone whole.

/** An mBank "Lista operacji" export in windows-1250: two new rows, one entered by hand already, one in euro. */
const FIXTURE = join(import.meta.dirname, '../fixtures/import/e2e/mbank-listopad.csv')
const FILE_NAME = 'mbank-listopad.csv'

const registerOf = (mobile: boolean, budgetId: string, accountId: string) =>
  mobile
    ? `/budget/${budgetId}/period/${currentPeriod}/bankAccounts/${accountId}`
    : `/budget/${budgetId}/period/${currentPeriod}?view=transactions&account=${accountId}`

/** The preview's row of a file line (a table row, or a card on a phone). */
const rowOf = (page: Page, line: number) =>
  page.getByTestId('import-preview-scroll').locator(`[data-line="${line}"]`)

async function chooseAndRead(page: Page) {
  await expect(page.getByRole('heading', { name: 'Konto i plik' })).toBeVisible()
  // Opened from the account: it is chosen already.
  await expect(page.getByRole('button', { name: /Konto osobiste/u })).toBeVisible()
  await page.locator('input[type="file"]').setInputFiles(FIXTURE)
  await expect(page.getByText(`Wybrany plik: ${FILE_NAME}`)).toBeVisible()
  await page.getByRole('button', { name: 'Wczytaj plik' }).click()
  await expect(page.getByRole('heading', { name: 'Podgląd importu' })).toBeVisible()
}

test('a bank file imported through the screens shows in the account; again adds nothing; undo takes it back', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000)
  const mobile = info.project.name === 'mobile'
  const budget = await arrangeBudget(
    request,
    `Import ${info.project.name} ${Date.now()}`,
    500_000,
    '2026-11-01',
  )
  // Entered by hand before the statement came: the file's Biedronka row is this one.
  await api(request, 'POST', `/api/budget/${budget.id}/transactions`, {
    bankAccountId: budget.checkingId,
    date: '2026-11-02',
    payee: 'Biedronka',
    memo: '',
    value: -4_500,
    cleared: false,
    splits: [{ categoryId: budget.foodId, value: -4_500 }],
  })
  const register = registerOf(mobile, budget.id, budget.checkingId)
  await signInThrough(page, register)

  // The account's register leads to the import, for that account.
  await page.getByRole('link', { name: 'Importuj z pliku' }).click()
  await expect(page).toHaveURL(new RegExp(`/budget/${budget.id}/import\\?account=${budget.checkingId}$`, 'u'))
  await expect(page.getByRole('heading', { name: 'Import Transakcji' })).toBeVisible()
  await chooseAndRead(page)

  // Each row's status, with its reason; the euro row is an error with its line, the rest are new.
  await expect(page.getByText('2 nowe, 1 duplikat, 1 błąd', { exact: true })).toBeVisible()
  await expect(rowOf(page, 23)).toContainText('ŻABKA POLSKA SP. Z O.O.')
  await expect(rowOf(page, 23)).toContainText('Nowa')
  await expect(rowOf(page, 22)).toContainText('Nowa')
  await expect(rowOf(page, 24)).toContainText('Duplikat')
  await expect(rowOf(page, 24)).toContainText('podobna transakcja wpisana ręcznie')
  await expect(rowOf(page, 21)).toContainText('Błąd')
  await expect(rowOf(page, 21)).toContainText('wiersz 21: waluta inna niż budżetu')
  // Duplicates and errors are left out; an error cannot be taken in.
  await expect(rowOf(page, 24).getByRole('checkbox')).not.toBeChecked()
  await expect(rowOf(page, 21).getByRole('checkbox')).toBeDisabled()
  await expect(rowOf(page, 23).getByRole('checkbox')).toBeChecked()
  await expectNoClippedText(page, { root: 'main' })
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'import-preview')
  if (!mobile) {
    await page.setViewportSize({ width: 1024, height: 768 })
    await expect(rowOf(page, 23)).toBeVisible()
    await expectNoClippedText(page, { root: 'main' })
    await snap(page, info, 'import-preview-1024')
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  await page.getByRole('button', { name: 'Importuj 2 transakcje' }).click()
  await expect(
    page.getByRole('heading', { name: 'Zaimportowano 2 transakcje na konto Konto osobiste' }),
  ).toBeVisible()
  await expect(page.getByText('Pominięto 1 duplikat')).toBeVisible()
  await expect(page.getByText('Pominięto 1 wiersz z błędem')).toBeVisible()
  await snap(page, info, 'import-result')

  // The account shows them.
  await page.getByRole('link', { name: 'Przejdź do konta Konto osobiste' }).click()
  await expect(page.getByText('ŻABKA POLSKA SP. Z O.O.')).toBeVisible()
  await expect(page.getByText('JAN KOWALSKI, ZWROT ZA BILETY')).toBeVisible()

  // The same file again: nothing new.
  await page.getByRole('link', { name: 'Importuj z pliku' }).click()
  await chooseAndRead(page)
  await expect(page.getByText('3 duplikaty, 1 błąd', { exact: true })).toBeVisible()
  await expect(rowOf(page, 23)).toContainText('ten sam wiersz zaimportowano już wcześniej')
  await expect(page.getByRole('button', { name: 'Nic do zaimportowania' })).toBeDisabled()

  // Undo from the account's import history, confirmed.
  const history = page.getByRole('region', { name: 'Importy na konto Konto osobiste' })
  await history.getByRole('button', { name: `Cofnij import pliku ${FILE_NAME}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Cofnąć import?' })
  await expect(dialog).toContainText(`Usunie to 2 transakcje zaimportowane z pliku ${FILE_NAME}.`)
  await dialog.getByRole('button', { name: 'Cofnij import' }).click()
  await expect(page.getByText('Import cofnięty: jego transakcje usunięto.')).toBeVisible()
  await expect(history.getByText('Cofnięty', { exact: true })).toBeVisible()

  await page.goto(register)
  await expect(page.getByText('Biedronka')).toBeVisible()
  await expect(page.getByText('ŻABKA POLSKA SP. Z O.O.')).toHaveCount(0)
})
