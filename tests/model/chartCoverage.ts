import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate'
import { type DirectedGraphNode, getStateNodes, toDirectedGraph } from 'xstate/graph'

/**
 * A readable, stable name for one transition of a chart. Names, not object identity, so
 * transitions walked by `machine.provide(...)` variants count for the original chart.
 */
export const transitionKey = (transition: AnyTransitionDefinition): string => {
  const targets = (transition.target ?? []).map((target) => target.id).join(',') || '(self)'
  const guard = transition.guard ? ` [${JSON.stringify(transition.guard)}]` : ''
  return `${transition.source.id} --${transition.eventType || '(always)'}${guard}--> ${targets}`
}

/** Every transition the chart declares: event edges of the directed graph plus eventless ones. */
export const chartTransitionKeys = (machine: AnyStateMachine): string[] => {
  const fromGraph = (node: DirectedGraphNode): string[] => [
    ...node.edges.map((edge) => transitionKey(edge.transition)),
    ...node.children.flatMap(fromGraph),
  ]
  const eventless = [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
    (node.always ?? []).map(transitionKey),
  )
  return [...new Set([...fromGraph(toDirectedGraph(machine)), ...eventless])]
}

/** Collects the transitions real actors take, from the inspector's microsteps (children included). */
export const createTransitionRecorder = () => {
  const walked = new Set<string>()
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.microstep') {
      for (const transition of inspection._transitions) walked.add(transitionKey(transition))
    }
  }
  const missingFrom = (machine: AnyStateMachine) =>
    chartTransitionKeys(machine).filter((key) => !walked.has(key))
  return { walked, inspect, missingFrom }
}
