export type { GroupEditFields, GroupEditProps, GroupEditValue } from './groupEdit.form.ts'
export { buildGroup, checkGroup } from './groupEdit.form.ts'
export type { GroupEditEvent } from './groupEdit.machine.ts'
export { groupEditMachine } from './groupEdit.machine.ts'
