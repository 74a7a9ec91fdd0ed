import '../dialog/form.css'
import { formatAmount } from '../../../domain/money.ts'
import type { CurrencyCode, Minor } from '../../../schemas/money.ts'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'

export type AmountTone = 'negative' | 'zero' | 'positive'

export const toneOf = (amount: number): AmountTone =>
  amount < 0 ? 'negative' : amount === 0 ? 'zero' : 'positive'

/** Formats in the budget's currency and the user's locale ('1 234,50 zł'); the sign is in the text, colour is extra. */
export const useFormatAmount = (currency: CurrencyCode) => {
  const { locale } = useSharedTranslation()
  return (amount: Minor) => formatAmount(amount, currency, locale)
}

/** An amount as text with a tone class for colour; negative amounts always carry their minus sign. */
export function Money({
  amount,
  currency,
  className,
}: {
  readonly amount: Minor
  readonly currency: CurrencyCode
  readonly className?: string
}) {
  const format = useFormatAmount(currency)
  return (
    <span className={`money money--${toneOf(amount)}${className === undefined ? '' : ` ${className}`}`}>
      {format(amount)}
    </span>
  )
}
