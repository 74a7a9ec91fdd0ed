import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { zipBomb } from '../fixtures/budgetImport/actual/actualExport.ts'
import { admin, expectNoSeriousA11yViolations, PASSWORD, snap, uniqueEmail, zl } from './support.ts'

// Issue 28 §3: a YNAB budget and an Actual Budget export brought in through the screens — the budgets list makes a
// new budget for each, the import page takes the file, recognises it, imports it and reports; the budget then shows
// the imported accounts and months.

const YNAB_FIXTURE = 'tests/fixtures/budgetImport/ynab-budget.json'
const ACTUAL_FIXTURE = 'tests/fixtures/budgetImport/actual/sample-export.zip'

const newAccount = (): string => {
  const email = uniqueEmail('budget-import')
  admin('user', ['create', '--email', email], process.env.E2E_DATA_DIR ?? '', `${PASSWORD}\n`)
  return email
}

async function signInAs(page: Page, email: string, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await page.getByLabel('Adres e-mail').fill(email)
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Zaloguj się' }).click()
  await page.waitForURL((url) => url.pathname === path)
}

const IMPORT_URL = /\/budget\/([^/]+)\/import-budget$/u

test('desktop: import a YNAB budget from the budgets list and see its accounts and months', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'SPEC has no phone route for importing a whole budget')
  test.setTimeout(90_000)
  await signInAs(page, newAccount(), '/budgets')
  await expect(page.getByText('Nie masz jeszcze żadnego budżetu.')).toBeVisible()

  // "Importuj budżet" makes a new, empty budget and opens its import page.
  await page.getByRole('button', { name: 'Importuj budżet' }).click()
  await expect(page).toHaveURL(IMPORT_URL)
  const budgetId = IMPORT_URL.exec(new URL(page.url()).pathname)?.[1] ?? ''
  await expect(page.getByRole('heading', { level: 1, name: 'Import budżetu' })).toBeVisible()
  await expect(page.getByText('Upuść tutaj plik budżetu')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'budget-import-choose')

  // A file that is no budget is refused with a reason, and nothing is written.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'wyciag.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj'),
  })
  await expect(page.getByText('Nie rozpoznano rodzaju pliku. Wybierz, skąd pochodzi.')).toBeVisible()
  // The label is what a person clicks (react-aria keeps the input itself under it).
  await page.locator('label', { hasText: 'YNAB (eksport z API)' }).click()
  await expect(page.getByRole('radio', { name: 'YNAB (eksport z API)' })).toBeChecked()
  await page.getByRole('button', { name: 'Importuj budżet' }).click()
  await expect(page.getByRole('alert')).toContainText('To nie jest eksport budżetu')
  await expect(page.getByRole('alert')).toContainText('Nic nie zostało zapisane.')

  // The YNAB export is recognised and imported; the report says what came over.
  await page.locator('input[type="file"]').setInputFiles(YNAB_FIXTURE)
  await expect(page.getByText('Plik: ynab-budget.json')).toBeVisible()
  await expect(page.getByText('Rozpoznano: YNAB (eksport z API).')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'YNAB (eksport z API)' })).toBeChecked()
  await page.getByRole('button', { name: 'Importuj budżet' }).click()
  await expect(
    page.getByRole('heading', { name: 'Zaimportowano budżet „Budżet domowy Kowalskich”' }),
  ).toBeVisible()
  const mapped = page.getByRole('region', { name: 'Przeniesiono', exact: true })
  await expect(mapped.getByText('4 konta', { exact: true })).toBeVisible()
  await expect(mapped.getByText('13 transakcji', { exact: true })).toBeVisible()
  const leftOut = page.getByRole('region', { name: 'Pominięto' })
  // Scheduled transactions came over as templates; the one on the tracking account could not.
  await expect(mapped.getByText('7 szablonów transakcji cyklicznych', { exact: true })).toBeVisible()
  await expect(
    leftOut.getByText(/^1 transakcja zaplanowana, której nie da się zapisać jako szablon/u),
  ).toBeVisible()
  await expect(leftOut.getByText(/^1 konto pozabudżetowe/u)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Przeniesiono w przybliżeniu' })).toContainText(
    '1 kwotę drobniejszą niż najmniejsza jednostka waluty zaokrąglono.',
  )
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'budget-import-report')

  // On to the budget: its accounts with balances rebuilt from the transactions, and March as YNAB had it.
  await page.getByRole('link', { name: 'Przejdź do budżetu' }).click()
  await expect(page).toHaveURL(new RegExp(`/budget/${budgetId}/period/\\d{6}$`, 'u'))
  await page.goto(`/budget/${budgetId}/period/202503`)
  const nav = page.getByRole('navigation', { name: 'Nawigacja główna' })
  await expect(nav.getByRole('heading', { name: 'Budżet domowy Kowalskich', level: 2 })).toBeVisible()
  await expect(nav.getByRole('link', { name: /Konto osobiste mBank\s*23\s241,98\szł/u })).toBeVisible()
  await expect(nav.getByRole('link', { name: /Oszczędności\s*11\s150,00\szł/u })).toBeVisible()
  await expect(page.getByTestId('ready-to-assign')).toHaveText(zl('24 830,00'))
  await expect(page.getByRole('row', { name: /Wakacje w Zakopanem/u })).toContainText(zl('2 000,00'))
  await expect(page.getByRole('row', { name: /Jedzenie/u })).toContainText(zl('2 041,98'))
  await snap(page, info, 'budget-import-month')

  // Budget settings export it again: every transaction as CSV for a spreadsheet, and Koperta's own file.
  await page.goto(`/budget/${budgetId}/settings`)
  const exportSection = page.getByRole('region', { name: 'Eksport budżetu' })
  await exportSection.locator('label', { hasText: 'CSV dla arkusza kalkulacyjnego' }).click()
  await expect(exportSection.getByRole('radio', { name: 'po polsku' })).toBeChecked()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'budget-export')
  const csvDownload = page.waitForEvent('download')
  await exportSection.getByRole('button', { name: 'Eksportuj budżet' }).click()
  const csv = await csvDownload
  expect(csv.suggestedFilename()).toBe('Budżet domowy Kowalskich.csv')
  const text = readFileSync((await csv.path()) ?? '', 'utf8')
  expect(text).toContain('Data;Konto;Odbiorca;Grupa kategorii;Kategoria;Notatka;Kwota')
  expect(text).toContain('2025-03-20;Konto osobiste mBank;Żabka;Codzienne wydatki;Jedzenie;;-12,35;PLN')
  await expect(page.getByText('Plik budżetu został pobrany.')).toBeVisible()
  await exportSection.locator('label', { hasText: 'Plik Koperty (.koperta.json)' }).click()
  const fileDownload = page.waitForEvent('download')
  await exportSection.getByRole('button', { name: 'Eksportuj budżet' }).click()
  const file = JSON.parse(readFileSync((await (await fileDownload).path()) ?? '', 'utf8'))
  expect(file).toMatchObject({
    format: 'koperta-budget',
    version: 3,
    budget: { name: 'Budżet domowy Kowalskich' },
  })
})

test('desktop: import an Actual Budget export zip and see its accounts and months', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'SPEC has no phone route for importing a whole budget')
  test.setTimeout(90_000)
  await signInAs(page, newAccount(), '/budgets')
  await page.getByRole('button', { name: 'Importuj budżet' }).click()
  await expect(page).toHaveURL(IMPORT_URL)
  const budgetId = IMPORT_URL.exec(new URL(page.url()).pathname)?.[1] ?? ''

  // A zip bomb (300 MB of zeros in a few hundred kilobytes) is recognised as a zip, refused for what it unpacks
  // to — not for its size on the wire — and nothing is written.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'actual-export.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipBomb(300)),
  })
  await expect(page.getByText('Rozpoznano: Actual Budget (archiwum zip).')).toBeVisible()
  await page.getByRole('button', { name: 'Importuj budżet' }).click()
  await expect(page.getByRole('alert')).toContainText('Archiwum po rozpakowaniu zajmuje znacznie więcej')
  await expect(page.getByRole('alert')).toContainText('Nic nie zostało zapisane.')

  // The real export is recognised and imported; the report says what came over and what did not.
  await page.locator('input[type="file"]').setInputFiles(ACTUAL_FIXTURE)
  await expect(page.getByText('Plik: sample-export.zip')).toBeVisible()
  await expect(page.getByText('Rozpoznano: Actual Budget (archiwum zip).')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Actual Budget (archiwum zip)' })).toBeChecked()
  await page.getByRole('button', { name: 'Importuj budżet' }).click()
  await expect(page.getByRole('heading', { name: 'Zaimportowano budżet „Mój budżet domowy”' })).toBeVisible()
  const mapped = page.getByRole('region', { name: 'Przeniesiono', exact: true })
  await expect(mapped.getByText('4 konta', { exact: true })).toBeVisible()
  await expect(mapped.getByText('10 transakcji', { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Przeniesiono w przybliżeniu' })).toContainText(
    'Plik Actual nie podaje waluty: budżet zostaje w PLN.',
  )
  await expect(
    page.getByRole('region', { name: 'Pominięto' }).getByText(/^1 konto pozabudżetowe/u),
  ).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, 'budget-import-actual-report')

  // January as Actual had it: balances rebuilt from the transactions, the budgeted amounts assigned.
  await page.goto(`/budget/${budgetId}/period/202501`)
  const nav = page.getByRole('navigation', { name: 'Nawigacja główna' })
  await expect(nav.getByRole('heading', { name: 'Mój budżet domowy', level: 2 })).toBeVisible()
  await expect(nav.getByRole('link', { name: /Konto osobiste mBank\s*16\s680,56\szł/u })).toBeVisible()
  await expect(nav.getByRole('link', { name: /Oszczędności ING\s*11\s050,00\szł/u })).toBeVisible()
  await expect(nav.getByText('IKE – emerytura')).toHaveCount(0)
  await expect(page.getByTestId('ready-to-assign')).toHaveText(zl('15 034,12'))
  await expect(page.getByRole('row', { name: /Jedzenie/u })).toContainText(zl('650,00'))
  await snap(page, info, 'budget-import-actual-month')
})
