export type {
  GroupOrder,
  MoveCategoryFields,
  MoveCategoryProps,
  MoveCategoryValue,
} from './moveCategory.form.ts'
export { buildMoveCategory, checkMoveCategory } from './moveCategory.form.ts'
export type { MoveCategoryEvent } from './moveCategory.machine.ts'
export { moveCategoryMachine } from './moveCategory.machine.ts'
export type { MoveCategoryModel } from './moveCategory.selectors.ts'
export { moveCategoryModel } from './moveCategory.selectors.ts'
