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

async function chooseAndRead(page: Page, look?: () => Promise<void>) {
  await expect(page.getByRole('heading', { name: 'Konto i plik' })).toBeVisible()
  // Opened from the account: it is chosen already.
  await expect(page.getByRole('button', { name: /Konto osobiste/u })).toBeVisible()
  await page.locator('input[type="file"]').setInputFiles(FIXTURE)
  await expect(page.getByText(`Wybrany plik: ${FILE_NAME}`)).toBeVisible()
  await look?.()
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
  await chooseAndRead(page, async () => {
    await expectNoClippedText(page, { root: 'main' })
    await snap(page, info, 'import-choose')
  })

  // Each row's status, with its reason; the euro row is an error with its line, the rest are new.
  await expect(page.getByText('2 nowe, 1 duplikat, 1 błąd', { exact: true })).toBeVisible()
  await expect(rowOf(page, 23)).toContainText('ŻABKA POLSKA SP. Z O.O.')
  await expect(rowOf(page, 23)).toContainText('Nowa')
  await expect(rowOf(page, 22)).toContainText('Nowa')
  await expect(rowOf(page, 24)).toContainText('Duplikat')
  await expect(rowOf(page, 24)).toContainText('podobna transakcja wpisana ręcznie')
  await expect(rowOf(page, 21)).toContainText('Błąd')
  await expect(rowOf(page, 21)).toContainText('wiersz 21: waluta inna niż budżetu')
  // The euro row cannot be taken, but shows its own amount.
  await expect(rowOf(page, 21)).toContainText(/-120,00\s€/u)
  // Duplicates and errors are left out; an error cannot be taken in.
  await expect(rowOf(page, 24).getByRole('checkbox')).not.toBeChecked()
  await expect(rowOf(page, 21).getByRole('checkbox')).toBeDisabled()
  await expect(rowOf(page, 23).getByRole('checkbox')).toBeChecked()
  await expectNoClippedText(page, { root: 'main' })
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'import-preview')
  // The narrowest widths of each device.
  const [width, height] = mobile ? [320, 640] : [1024, 768]
  const size = page.viewportSize()
  await page.setViewportSize({ width, height })
  await expect(rowOf(page, 23)).toBeVisible()
  await expectNoClippedText(page, { root: 'main' })
  await snap(page, info, `import-preview-${width}`)
  if (size !== null) await page.setViewportSize(size)

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
  // Only new rows are ticked all at once; a duplicate taken in on its own is named beside the button.
  await expect(page.getByRole('button', { name: 'Zaznacz wszystkie widoczne' })).toHaveCount(0)
  await rowOf(page, 23).locator('label.import-include').click()
  await expect(page.getByRole('button', { name: 'Importuj 1 transakcję' })).toBeVisible()
  await expect(page.getByText('w tym 1 duplikat', { exact: true })).toBeVisible()
  await expectNoClippedText(page, { root: 'main' })
  await snap(page, info, 'import-reimport-duplicate')
  await rowOf(page, 23).locator('label.import-include').click()
  await expect(page.getByText('w tym 1 duplikat', { exact: true })).toHaveCount(0)

  // Undo from the account's import history, confirmed.
  const history = page.getByRole('region', { name: 'Importy na konto Konto osobiste' })
  await history.getByRole('button', { name: `Cofnij import pliku ${FILE_NAME}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Cofnąć import?' })
  await expect(dialog).toContainText(`Usunie to 2 transakcje zaimportowane z pliku ${FILE_NAME}.`)
  await dialog.getByRole('button', { name: 'Cofnij import' }).click()
  await expect(page.getByText('Import cofnięty: jego transakcje usunięto.')).toBeVisible()
  await expect(history.getByText('Cofnięty', { exact: true })).toBeVisible()
  // The open preview is read again: the undone import's rows are new again.
  await expect(page.getByText('2 nowe, 1 duplikat, 1 błąd', { exact: true })).toBeVisible()
  await expect(rowOf(page, 23)).toContainText('Nowa')
  await expect(page.getByRole('button', { name: 'Importuj 2 transakcje' })).toBeEnabled()

  await page.goto(register)
  await expect(page.getByText('Biedronka')).toBeVisible()
  await expect(page.getByText('ŻABKA POLSKA SP. Z O.O.')).toHaveCount(0)
})

/** A credit card's CSV no layout knows: a preamble line, headers that name nothing, spending as positive numbers. */
const CARD = join(import.meta.dirname, '../fixtures/import/e2e/karta.csv')

/** Picks an option of a react-aria select by its trigger's name (the value shown, then the select's label). */
async function choose(page: Page, select: string | RegExp, option: string) {
  await page.getByRole('button', { name: select }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('a CSV no layout knows: the columns mapped, saved as a preset, a category remembered as a rule', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000)
  const mobile = info.project.name === 'mobile'
  const budget = await arrangeBudget(
    request,
    `Karta ${info.project.name} ${Date.now()}`,
    500_000,
    '2026-11-01',
  )
  const month = `/budget/${budget.id}/period/${currentPeriod}`
  await signInThrough(page, month)
  // Two taps from the month: the phone's 'Więcej', the desktop's side panel.
  if (mobile) {
    await page.getByRole('link', { name: 'Więcej' }).click()
    await page.getByRole('link', { name: /Importuj transakcje/u }).click()
  } else await page.getByRole('link', { name: 'Import z pliku' }).click()
  await expect(page.getByRole('heading', { name: 'Import Transakcji' })).toBeVisible()
  // The budget's only account is chosen by itself.
  await expect(page.getByRole('button', { name: /Konto osobiste/u })).toBeVisible()
  await page.locator('input[type="file"]').setInputFiles(CARD)
  await page.getByRole('button', { name: 'Wczytaj plik' }).click()

  await expect(page.getByRole('heading', { name: 'Wskaż kolumny' })).toBeVisible()
  await expect(page.getByText('Wskaż kolumnę z datą.')).toBeVisible()
  await choose(page, /Kolumna 1$/u, 'Data')
  await choose(page, /Kolumna 2$/u, 'Odbiorca')
  await choose(page, /Kolumna 3$/u, 'Kwota')
  await page.getByText('Wydatki jako liczby dodatnie', { exact: true }).click()
  await expect(page.getByRole('checkbox', { name: 'Wydatki jako liczby dodatnie' })).toBeChecked()
  const mapped = page.getByRole('list', { name: 'Tak odczytamy pierwsze transakcje' })
  await expect(mapped).toContainText('Kino Helios Łódź')
  await expect(mapped).toContainText('-35,00')
  await expectNoClippedText(page, { root: 'main' })
  await snap(page, info, 'import-mapper')
  await page.getByRole('button', { name: 'Dalej: podgląd 2 transakcji' }).click()

  await expect(page.getByText('2 nowe', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Zapisz jako ustawienie' }).click()
  await page.getByLabel('Nazwa ustawienia').fill('Karta kredytowa')
  await page.getByRole('button', { name: 'Zapisz ustawienie' }).click()
  await expect(page.getByText('Zapisano ustawienie „Karta kredytowa”.')).toBeVisible()

  // A category chosen for a row can become a rule.
  await choose(page, /Kategoria dla wiersza 3: Kino Helios Łódź$/u, 'Jedzenie')
  await page.getByRole('button', { name: 'Zapamiętaj: zawsze Jedzenie dla Kino Helios Łódź' }).click()
  const rules = page.getByRole('dialog', { name: 'Reguły odbiorców' })
  await expect(rules.getByText('Reguły zapisane.')).toBeVisible()
  await expect(rules.getByLabel('Tekst')).toHaveValue('Kino Helios Łódź')
  await snap(page, info, 'import-rules')
  await rules.getByRole('button', { name: 'Zamknij' }).click()
  await expect(rules).toHaveCount(0)

  await page.getByRole('button', { name: 'Importuj 2 transakcje' }).click()
  await expect(page.getByRole('heading', { name: /^Zaimportowano 2 transakcje/u })).toBeVisible()

  // Next time the preset reads the file at once; the rule names the category.
  await page.getByRole('button', { name: 'Importuj kolejny plik' }).click()
  // Another file starts afresh: how the last one was read is not carried over unasked.
  await expect(page.getByRole('button', { name: 'Ustawienia zaawansowane' })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
  await page.getByRole('button', { name: 'Ustawienia zaawansowane' }).click()
  await choose(page, /Zapisane ustawienia$/u, 'Karta kredytowa')
  await page.locator('input[type="file"]').setInputFiles(CARD)
  await page.getByRole('button', { name: 'Wczytaj plik' }).click()
  await expect(page.getByText('2 duplikaty', { exact: true })).toBeVisible()
  await expect(rowOf(page, 3)).toContainText('reguła')
})
