import type { EventObject, Snapshot } from 'xstate'
import type { AdjacencyMap, AdjacencyValue, SerializedEvent, Step } from 'xstate/graph'

// Free of vitest, so the Playwright journeys replay the same walks through the real UI.

export type Walk<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> = {
  /** Serialized start state; every walk begins at the machine's initial state. */
  readonly from: string
  readonly steps: ReadonlyArray<Step<TSnapshot, TEvent>>
}

type Edge<TSnapshot, TEvent> = { event: TEvent; state: TSnapshot; target: string }

/**
 * Walks that together take every edge of the adjacency map at least once (a greedy transition
 * tour): follow an unwalked edge while one leaves the current state, else move along the shortest
 * route to the nearest state that still has one, else start a fresh walk from the initial state.
 * Far fewer actors and steps than one shortest path per edge.
 */
export const tourEdges = <TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  adjacency: AdjacencyMap<TSnapshot, TEvent>,
  initial: string,
  serializeState: (snapshot: TSnapshot) => string,
): Array<Walk<TSnapshot, TEvent>> => {
  const edges = new Map<string, Array<Edge<TSnapshot, TEvent>>>()
  for (const [source, { transitions }] of Object.entries(adjacency)) {
    const outgoing: Array<AdjacencyValue<TSnapshot, TEvent>['transitions'][SerializedEvent]> =
      Object.values(transitions)
    edges.set(
      source,
      outgoing.map(({ event, state }) => ({
        event,
        state,
        target: serializeState(state),
      })),
    )
  }
  const unwalked = new Map([...edges].map(([source, out]) => [source, new Set(out)]))
  const remaining = () => [...unwalked.values()].some((set) => set.size > 0)

  /** Shortest route from `start` to the nearest state with an unwalked edge, or null. */
  const routeToWork = (start: string): Array<Edge<TSnapshot, TEvent>> | null => {
    const previous = new Map<string, { from: string; edge: Edge<TSnapshot, TEvent> } | null>([[start, null]])
    const queue = [start]
    for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
      if ((unwalked.get(current)?.size ?? 0) > 0) {
        const route: Array<Edge<TSnapshot, TEvent>> = []
        for (let link = previous.get(current); link; link = previous.get(link.from)) {
          route.unshift(link.edge)
        }
        return route
      }
      for (const edge of edges.get(current) ?? []) {
        if (!previous.has(edge.target)) {
          previous.set(edge.target, { from: current, edge })
          queue.push(edge.target)
        }
      }
    }
    return null
  }

  const walks: Array<Walk<TSnapshot, TEvent>> = []
  while (remaining()) {
    const steps: Array<Step<TSnapshot, TEvent>> = []
    let current = initial
    for (;;) {
      const route = routeToWork(current)
      if (route === null) break
      for (const edge of route) steps.push({ event: edge.event, state: edge.state })
      current = route.at(-1)?.target ?? current
      const next = unwalked.get(current)?.values().next()
      if (!next || next.done) break
      unwalked.get(current)?.delete(next.value)
      steps.push({ event: next.value.event, state: next.value.state })
      current = next.value.target
    }
    if (steps.length === 0) throw new Error('edges left that the initial state cannot reach')
    walks.push({ from: initial, steps })
  }
  return walks
}

/** A model's graph as a greedy tour from its initial state: the walks that take every edge, and its state count. */
export const modelTour = <TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  model: { getAdjacencyMap(): AdjacencyMap<TSnapshot, TEvent> },
  serializeState: (snapshot: TSnapshot) => string,
): { readonly walks: Array<Walk<TSnapshot, TEvent>>; readonly states: number } => {
  const adjacency = model.getAdjacencyMap()
  const [initial] = Object.keys(adjacency)
  if (initial === undefined) throw new Error('empty graph')
  return { walks: tourEdges(adjacency, initial, serializeState), states: Object.keys(adjacency).length }
}
