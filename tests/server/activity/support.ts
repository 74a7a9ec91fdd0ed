import { type SmallBudget, smallBudget } from '../ledger/fixtures.ts'
import { type Call, expectStatus, type Harness } from '../ledger/harness.ts'

/**
 * Alice's small budget with Bob as an editing guest. The membership row is written as the sharing routes would
 * write it: these tests are about who did what, not about joining.
 */
export const budgetOfTwo = async (
  harness: Harness,
): Promise<{
  readonly alice: Call
  readonly bob: Call
  readonly aliceId: string
  readonly bobId: string
  readonly budget: SmallBudget
}> => {
  const alice = await harness.as('alice')
  const bob = await harness.as('bob')
  const aliceId: string = expectStatus(await alice('GET', '/api/user-profile'), 200).id
  const bobId: string = expectStatus(await bob('GET', '/api/user-profile'), 200).id
  const budget = await smallBudget(alice)
  await harness.app.ledger.db
    .insertInto('budget_members')
    .values({ budget_id: budget.id, user_id: bobId, role: 'Guest', access: 'Edit' })
    .execute()
  return { alice, bob, aliceId, bobId, budget }
}
