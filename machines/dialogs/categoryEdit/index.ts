export type { CategoryEditFields, CategoryEditProps, CategoryEditValue } from './categoryEdit.form.ts'
export { asksSpendingClass, buildCategory, checkCategory } from './categoryEdit.form.ts'
export type { CategoryEditEvent } from './categoryEdit.machine.ts'
export { categoryEditMachine } from './categoryEdit.machine.ts'
