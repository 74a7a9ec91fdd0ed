import { expect, type Page, type TestInfo } from '@playwright/test'
import { test } from './freshServer.ts'
import { expectNoClippedText } from './layout.ts'
import { expectNoSeriousA11yViolations, PASSWORD, snap, uniqueEmail } from './support.ts'

// Replays the onboarding actor's paths (machines/onboarding) on screen: the survey, the three steps done through
// the app's own dialogs, completion; and skip, resume after a reload, and dismiss. Each test registers on a server of
// its own (freshServer.ts): the shared one lets an address make only ten accounts an hour.

const ONBOARDING = /\/onboarding\/([A-Za-z]+)$/u

/** A fresh account registered from `/`: with no budget, its first sign-in lands in the onboarding's survey. */
async function registerIntoOnboarding(page: Page): Promise<void> {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Zaloguj się' })).toBeVisible()
  await page.getByRole('link', { name: 'Załóż konto' }).click()
  await expect(page.getByRole('heading', { name: 'Załóż konto' })).toBeVisible()
  await page.getByLabel('Adres e-mail').fill(uniqueEmail('onboarding'))
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Załóż konto' }).click()
  await page.waitForURL('**/onboarding/survey')
  await expect(page.getByRole('heading', { name: 'Witaj w Kopercie!' })).toBeVisible()
}

const atPlace = (page: Page, place: string) => page.waitForURL(`**/onboarding/${place}`)

async function check(page: Page, info: TestInfo, name: string): Promise<void> {
  // react-aria's live announcer keeps a closed dialog's last announcement (a select's choice) for 7 s, labelled by
  // an element that left with the dialog; axe judges the screen once it has gone, as a person hears it.
  await expect(page.locator('[role=log] [role=img]')).toHaveCount(0, { timeout: 10_000 })
  await expectNoClippedText(page)
  await expectNoSeriousA11yViolations(page)
  await snap(page, info, `onboarding-${name}`)
}

/** The step list says where the person is. */
const expectStep = (page: Page, step: number) =>
  expect(page.getByText(`Krok ${step} z 3`, { exact: true })).toBeVisible()

test('onboarding: survey, budget from the starter set, account, assign, completed', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  const tracked: string[] = []
  // The request's body is a stream to page.on('request'); a route sees it.
  await page.route('**/api/analytics', async (route) => {
    const body: unknown = JSON.parse(route.request().postDataBuffer()?.toString() ?? '{"events":[]}')
    const events = (body as { events: Array<{ name: string }> }).events
    tracked.push(...events.map((event) => event.name))
    await route.fallback()
  })
  await registerIntoOnboarding(page)
  await check(page, info, 'survey')

  // The survey: both answers, then start.
  // The radio inputs are hidden behind their cards: a person taps the card.
  await page.getByText('Chcę oszczędzać', { exact: true }).click()
  await expect(page.getByRole('radio', { name: 'Chcę oszczędzać' })).toBeChecked()
  await page.getByText('Dwie', { exact: true }).click()
  await page.getByRole('button', { name: 'Zaczynamy' }).click()
  await atPlace(page, 'FirstStep')
  await expectStep(page, 1)
  await check(page, info, 'budget')

  // 1: the budget, through the budget dialog with the starter set.
  await page.getByRole('button', { name: 'Utwórz budżet' }).click()
  const create = page.getByRole('dialog', { name: 'Nowy budżet' })
  await create.getByRole('textbox', { name: 'Nazwa' }).fill('Domowy')
  await create.getByRole('radio', { name: /Gotowe kategorie/u }).check()
  await create.getByRole('button', { name: 'Utwórz' }).click()
  await atPlace(page, 'SecondStep')
  await expectStep(page, 2)
  await check(page, info, 'account')

  // 2: the first account with its opening balance.
  await page.getByRole('button', { name: 'Dodaj konto' }).click()
  const account = page.getByRole('dialog')
  await account.getByRole('textbox', { name: 'Nazwa konta' }).fill('Konto osobiste')
  await account.getByRole('textbox', { name: 'Saldo początkowe' }).fill('3 000,00')
  await account.getByRole('button', { name: 'Dodaj konto' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText('Masz już 1 konto.')).toBeVisible()
  await page.getByRole('button', { name: 'Dalej' }).click()
  await atPlace(page, 'ThirdStep')
  await expectStep(page, 3)
  await expect(page.getByText(/^Do przydzielenia: 3\s000,00\szł$/u)).toBeVisible()
  await check(page, info, 'assign')

  // 3: give the money a job in a starter category.
  await page.getByRole('button', { name: 'Przydziel środki' }).click()
  await page
    .getByRole('dialog', { name: 'Przydziel środki' })
    .getByRole('option', { name: 'Jedzenie' })
    .click()
  const food = page.getByRole('dialog', { name: 'Przydziel środki: Jedzenie' })
  // The box opens focused on '0,00' with it selected: typing replaces it (not '0,00800').
  const amount = food.getByRole('textbox', { name: 'Przydzielono w tym miesiącu' })
  await expect(amount).toBeFocused()
  await expect(amount).toHaveValue('0,00')
  // People click into the box anyway: the click keeps the selection (a newcomer got '0,002000').
  await amount.click()
  await page.keyboard.type('800')
  await expect(amount).toHaveValue('800')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText(/^Do przydzielenia: 2\s200,00\szł$/u)).toBeVisible()
  await page.getByRole('button', { name: 'Gotowe' }).click()
  await atPlace(page, 'completed')
  await expect(page.getByRole('heading', { name: 'Gotowe!' })).toBeVisible()
  await check(page, info, 'completed')

  // The analytics queue (drained every 3 s) carried the five events, in order.
  await expect
    .poll(() => tracked.filter((name) => name.startsWith('onboarding_')), { timeout: 10_000 })
    .toEqual([
      'onboarding_survey_completed',
      'onboarding_1_step_completed',
      'onboarding_2_step_completed',
      'onboarding_3_step_completed',
      'onboarding_completed',
    ])

  // Completed: the budget opens, and neither the month nor the list offers the onboarding again.
  await page.getByRole('link', { name: 'Przejdź do budżetu' }).click()
  await page.waitForURL(/\/budget\/[^/]+\/period\/\d{6}$/u)
  await expect(page.getByText(/Jedzenie/u).first()).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Pierwsze kroki' })).toHaveCount(0)
  await page.goto(info.project.name === 'mobile' ? '/budget/list' : '/budgets')
  await expect(page.getByRole('link', { name: /^Domowy Waluta/u })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Pierwsze kroki' })).toHaveCount(0)
})

test('onboarding: skip, resume after a reload and from the banner, dismiss', async ({ page }, info) => {
  test.setTimeout(120_000)
  await registerIntoOnboarding(page)

  // Skipping the survey and the first step; the second step without a budget says so and can go back.
  await page.getByRole('button', { name: 'Pomiń pytania' }).click()
  await atPlace(page, 'FirstStep')
  await page.getByRole('button', { name: 'Pomiń ten krok' }).click()
  await atPlace(page, 'SecondStep')
  await expect(page.getByText(/Ten krok potrzebuje budżetu/u)).toBeVisible()
  await expect(page.getByText('pominięte')).toBeVisible()
  await check(page, info, 'no-budget')
  await page.getByRole('button', { name: 'Wstecz' }).click()
  await atPlace(page, 'FirstStep')

  // The budget is made, then the page reloads: the onboarding resumes at the second step (stored on the server).
  await page.getByRole('button', { name: 'Utwórz budżet' }).click()
  const create = page.getByRole('dialog', { name: 'Nowy budżet' })
  await create.getByRole('textbox', { name: 'Nazwa' }).fill('Wspólny')
  await create.getByRole('button', { name: 'Utwórz' }).click()
  await atPlace(page, 'SecondStep')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Dodaj pierwsze konto' })).toBeVisible()
  expect(ONBOARDING.exec(new URL(page.url()).pathname)?.[1]).toBe('SecondStep')

  // An address of another step follows the stored progress.
  await page.goto('/onboarding/ThirdStep')
  await atPlace(page, 'SecondStep')

  // Leaving for the budgets list: the banner offers to resume where it stopped.
  const listPath = info.project.name === 'mobile' ? '/budget/list' : '/budgets'
  await page.goto(listPath)
  const banner = page.getByRole('complementary', { name: 'Pierwsze kroki' })
  await expect(banner.getByText('Wprowadzenie do Koperty nie jest jeszcze skończone.')).toBeVisible()
  await check(page, info, 'banner')
  // The month offers it too, and resumes it.
  await page.getByRole('link', { name: /^Wspólny Waluta/u }).click()
  await page.waitForURL(/\/budget\/[^/]+\/period\/\d{6}$/u)
  const monthBanner = page.getByRole('complementary', { name: 'Pierwsze kroki' })
  await expect(monthBanner.getByRole('link', { name: 'Kontynuuj wprowadzenie' })).toBeVisible()
  await check(page, info, 'month-banner')
  await monthBanner.getByRole('link', { name: 'Kontynuuj wprowadzenie' }).click()
  await atPlace(page, 'SecondStep')

  // Skip the account step; at the third "Nie teraz" dismisses the onboarding for good.
  await page.getByRole('button', { name: 'Pomiń ten krok' }).click()
  await atPlace(page, 'ThirdStep')
  await page.getByRole('button', { name: 'Nie teraz' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/onboarding'))
  await page.goto(listPath)
  await expect(page.getByRole('link', { name: /^Wspólny Waluta/u })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Pierwsze kroki' })).toHaveCount(0)
  await page.goto('/onboarding/FirstStep')
  await page.waitForURL((url) => !url.pathname.startsWith('/onboarding'))
})
