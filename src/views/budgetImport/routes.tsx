export { BudgetImportView } from './BudgetImportView.tsx'
