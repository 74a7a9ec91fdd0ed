import type { InspectionEvent, Observer } from 'xstate'
import { createInspectorSerializer } from '../../machines/inspect/index.ts'

type Inspect = Observer<InspectionEvent>

/**
 * Development only: `?inspect` in the address attaches the Stately inspector to the root actor.
 * Every event and snapshot is masked (machines/inspect) before it leaves the page. The dynamic
 * import sits behind import.meta.env.DEV, so production bundles never contain the inspector.
 */
export const loadInspector = async (): Promise<Inspect | undefined> => {
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect')
    return createBrowserInspector(createInspectorSerializer()).inspect
  }
  return undefined
}
