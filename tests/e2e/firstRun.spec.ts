import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import { test } from './freshServer.ts'
import { expectOneLanguage } from './language.ts'
import { expectNoClippedText } from './layout.ts'
import { PASSWORD, snap, uniqueEmail, zl } from './support.ts'

// Issue 27's proof: a new person, a server whose database nobody has used, and only the screens — no API seeding, no
// typed addresses after the first. Register → onboarding → a budget from the starter set → an account → a salary
// that reaches Ready to Assign → assign → spend → the next month carries the rest over. After every step nothing
// visible is clipped, and every visible text is Polish (no i18n key, no other language's text).

const SIZES = {
  desktop: [
    { name: 'laptop', width: 1280, height: 800 },
    { name: 'small-laptop', width: 1024, height: 768 },
  ],
  mobile: [{ name: 'phone', width: 390, height: 844 }],
} as const

const dialog = (page: Page) => page.getByRole('dialog')
const readyToAssign = (page: Page) => page.getByTestId('ready-to-assign')

/** Nothing clipped, one language, and (with SCREENSHOTS_DIR set) a picture for docs/screenshots. */
async function look(page: Page, info: TestInfo, size: string, step: string): Promise<void> {
  await expectNoClippedText(page, { soft: true })
  await expectOneLanguage(page, 'pl')
  await snap(page, info, `first-run-${size}-${step}`)
}

/** Picks an option of a react-aria select in the open dialog; its button is named '<value> <label>'. */
async function choose(page: Page, label: RegExp, option: string) {
  await dialog(page).getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The radio's input is visually hidden: a person presses its label. */
async function pickDirection(editor: Locator, direction: 'Wpływ' | 'Wydatek') {
  await editor.locator('label').filter({ hasText: direction }).click()
  await expect(editor.getByRole('radio', { name: direction })).toBeChecked()
}

/** Opens every transaction through the navigation a person sees: the phone's tab bar, the desktop's side panel. */
async function openTransactions(page: Page, phone: boolean) {
  if (phone)
    await page
      .getByRole('navigation', { name: 'Główne sekcje' })
      .getByRole('link', { name: 'Transakcje' })
      .click()
  else await page.getByRole('link', { name: 'Wszystkie transakcje' }).first().click()
  await expect(page.getByRole('button', { name: 'Dodaj transakcję' })).toBeVisible()
}

async function openMonth(page: Page, phone: boolean) {
  if (phone)
    await page
      .getByRole('navigation', { name: 'Główne sekcje' })
      .getByRole('link', { name: 'Budżet' })
      .click()
  else await page.getByRole('link', { name: 'Budżet', exact: true }).first().click()
  await expect(readyToAssign(page)).toBeVisible()
}

async function addTransaction(
  page: Page,
  options: {
    readonly direction: 'Wpływ' | 'Wydatek'
    readonly amount: string
    readonly payee: string
    readonly category?: string
  },
) {
  await page.getByRole('button', { name: 'Dodaj transakcję' }).click()
  const editor = page.getByRole('dialog', { name: 'Dodaj transakcję' })
  await pickDirection(editor, options.direction)
  await editor.getByRole('textbox', { name: 'Kwota' }).fill(options.amount)
  await editor.getByRole('combobox', { name: 'Odbiorca' }).fill(options.payee)
  if (options.category !== undefined) await choose(page, /Kategoria$/u, options.category)
  return editor
}

async function assign(page: Page, category: string, amount: string) {
  // A button over the desktop's table, a link to the dialog's route on a phone.
  const open = { name: 'Przydziel', exact: true } as const
  await page.getByRole('button', open).or(page.getByRole('link', open)).click()
  await page.getByRole('dialog', { name: 'Przydziel środki' }).getByRole('option', { name: category }).click()
  const form = page.getByRole('dialog', { name: `Przydziel środki: ${category}` })
  await form.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' }).fill(amount)
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toHaveCount(0)
}

for (const [project, sizes] of Object.entries(SIZES)) {
  for (const size of sizes) {
    test.describe(`${size.name} ${size.width}×${size.height}`, () => {
      test.use({ viewport: { width: size.width, height: size.height } })

      test('first run: from an empty database to a budgeted month, through the screens', async ({
        page,
        freshServer,
      }, info) => {
        test.skip(info.project.name !== project, `walked by the ${project} project`)
        test.setTimeout(240_000)
        const phone = project === 'mobile'

        // Register: the app sends a signed-out visitor to the provider; a new account lands in the onboarding.
        await page.goto(`${freshServer.url}/`)
        await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
        await look(page, info, size.name, 'sign-in')
        await page.getByRole('link', { name: 'Załóż konto' }).click()
        await page.getByLabel('Adres e-mail').fill(uniqueEmail('first-run'))
        await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
        await page.getByRole('button', { name: 'Załóż konto' }).click()
        await page.waitForURL('**/onboarding/survey')
        await look(page, info, size.name, 'survey')

        // The survey, then step 1: a budget from the starter set.
        await page.getByText('Chcę oszczędzać', { exact: true }).click()
        await page.getByRole('button', { name: 'Zaczynamy' }).click()
        await page.waitForURL('**/onboarding/FirstStep')
        await look(page, info, size.name, 'step-budget')
        await page.getByRole('button', { name: 'Utwórz budżet' }).click()
        const create = page.getByRole('dialog', { name: 'Nowy budżet' })
        await create.getByRole('textbox', { name: 'Nazwa' }).fill('Domowy budżet')
        await expect(create.getByRole('radio', { name: /Gotowe kategorie/u })).toBeChecked()
        await look(page, info, size.name, 'create-budget')
        await create.getByRole('button', { name: 'Utwórz' }).click()

        // Step 2: the first account, with what is on it today.
        await page.waitForURL('**/onboarding/SecondStep')
        await page.getByRole('button', { name: 'Dodaj konto' }).click()
        await dialog(page).getByRole('textbox', { name: 'Nazwa konta' }).fill('Konto osobiste')
        await dialog(page).getByRole('textbox', { name: 'Saldo początkowe' }).fill('1 000,00')
        await look(page, info, size.name, 'add-account')
        await dialog(page).getByRole('button', { name: 'Dodaj konto' }).click()
        await expect(dialog(page)).toHaveCount(0)
        await page.getByRole('button', { name: 'Dalej' }).click()

        // Step 3: give part of it a job, then the month.
        await page.waitForURL('**/onboarding/ThirdStep')
        await expect(page.getByText(/^Do przydzielenia: 1\s000,00\szł$/u)).toBeVisible()
        await look(page, info, size.name, 'step-assign')
        await page.getByRole('button', { name: 'Przydziel środki' }).click()
        await expect(
          page.getByRole('dialog', { name: 'Przydziel środki' }).getByRole('option').first(),
        ).toBeVisible()
        await look(page, info, size.name, 'assign-picker')
        await page
          .getByRole('dialog', { name: 'Przydziel środki' })
          .getByRole('option', { name: 'Jedzenie' })
          .click()
        await page
          .getByRole('dialog', { name: 'Przydziel środki: Jedzenie' })
          .getByRole('textbox', { name: 'Przydzielono w tym miesiącu' })
          .fill('800')
        await page.keyboard.press('Enter')
        await expect(dialog(page)).toHaveCount(0)
        await page.getByRole('button', { name: 'Gotowe' }).click()
        await page.waitForURL('**/onboarding/completed')
        await page.getByRole('link', { name: 'Przejdź do budżetu' }).click()
        await page.waitForURL(/\/budget\/[^/]+\/period\/\d{6}$/u)
        await expect(readyToAssign(page)).toHaveText(zl('200,00'))
        await look(page, info, size.name, 'month')

        // The salary: an inflow goes to Ready to Assign without choosing anything.
        await openTransactions(page, phone)
        const salary = await addTransaction(page, {
          direction: 'Wpływ',
          amount: '5 000',
          payee: 'Pracodawca',
        })
        await expect(salary.getByRole('button', { name: /Kategoria$/u })).toContainText('Do przydzielenia')
        await look(page, info, size.name, 'salary')
        await salary.getByRole('button', { name: 'Zapisz' }).click()
        await expect(salary).toHaveCount(0)
        await look(page, info, size.name, 'transactions')
        await openMonth(page, phone)
        await expect(readyToAssign(page)).toHaveText(zl('5 200,00'))

        // Assign the rent, then spend on food.
        await assign(page, 'Czynsz', '2 000')
        await expect(readyToAssign(page)).toHaveText(zl('3 200,00'))
        await openTransactions(page, phone)
        const shopping = await addTransaction(page, {
          direction: 'Wydatek',
          amount: '120,50',
          payee: 'Biedronka',
          category: 'Jedzenie',
        })
        await shopping.getByRole('button', { name: 'Zapisz' }).click()
        await expect(shopping).toHaveCount(0)
        await openMonth(page, phone)
        await expect(page.getByText(zl('679,50')).first()).toBeVisible()
        await look(page, info, size.name, 'budgeted-month')
        if (!phone && size.width === 1280) await snap(page, info, 'first-run-month')

        // The next month: what was not spent is still there; nothing new to assign.
        await page.getByRole('link', { name: 'Następny miesiąc' }).click()
        await expect(page.getByText(zl('679,50')).first()).toBeVisible()
        await expect(page.getByText(zl('2 000,00')).first()).toBeVisible()
        await expect(readyToAssign(page)).toHaveText(zl('3 200,00'))
        await look(page, info, size.name, 'next-month')

        if (phone) {
          // The smallest phone: the month still fits.
          await page.setViewportSize({ width: 320, height: 640 })
          await look(page, info, 'small-phone', 'next-month')
          // The open budget's name stands above the month and leads to the list, where it is marked as open.
          await page.getByRole('link', { name: 'Budżet Domowy budżet. Zmień budżet' }).click()
          const open = page.getByRole('link', { name: /^Domowy budżet/u })
          await expect(open).toHaveAttribute('aria-current', 'true')
          await expect(open).toContainText('otwarty teraz')
          await look(page, info, 'small-phone', 'budgets')
        }
      })
    })
  }
}
