// Shared helpers for the journeys: screenshots kept as test output, and the axe gate.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

/** Saves a full-page screenshot under test-results/screenshots (and docs/screenshots when SCREENSHOTS_DIR is set). */
export async function snap(page: Page, info: TestInfo, name: string): Promise<void> {
  const file = `${info.project.name}-${name}.png`
  const dirs = ['test-results/screenshots', process.env.SCREENSHOTS_DIR].filter((dir) => dir !== undefined)
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true })
    await page.screenshot({ path: join(dir, file), fullPage: true })
  }
}

/** Fails on any serious or critical axe violation, naming each rule and its first target. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? ''}`)
  expect(serious).toEqual([])
}
