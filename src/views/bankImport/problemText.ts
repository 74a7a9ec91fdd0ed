import type { TFunction } from 'i18next'
import type { ImportProblemView } from '../../../machines/bankImport/index.ts'
import { formatName } from './formats.ts'

/** What went wrong with a file and what to do next, in the user's language. */
export const problemText = (t: TFunction, problem: ImportProblemView): string => {
  switch (problem.kind) {
    case 'offline':
      return t('bankImport.problem.offline')
    case 'refused':
      return t('bankImport.problem.refused', { status: problem.status })
    case 'file':
      if (problem.reason === 'wrong-format')
        return problem.format === null
          ? t('bankImport.fileError.wrong-formatUnknown')
          : t('bankImport.fileError.wrong-format', { bank: formatName(t, problem.format) })
      return t(`bankImport.fileError.${problem.reason}`)
  }
}
