export type { TargetFields, TargetProps, TargetValue } from './target.form.ts'
export { buildTarget, checkTarget, initialTargetFields } from './target.form.ts'
export type { TargetEvent } from './target.machine.ts'
export { targetMachine } from './target.machine.ts'
