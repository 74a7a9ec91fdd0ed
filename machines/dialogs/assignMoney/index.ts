export type { AssignMoneyFields, AssignMoneyProps, AssignMoneyValue } from './assignMoney.form.ts'
export { buildAssign, checkAssign, initialAssignFields } from './assignMoney.form.ts'
export type { AssignMoneyEvent } from './assignMoney.machine.ts'
export { assignMoneyMachine } from './assignMoney.machine.ts'
