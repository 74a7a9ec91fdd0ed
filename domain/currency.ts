import type { CurrencyCode } from '../schemas/money.ts'

// ISO 4217 active currencies with their minor-unit exponents (the "E" column of the ISO table).
// Funds and precious metals (XAU, XDR, …) are left out: nobody keeps a household budget in them.
const exponent0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'
const exponent3 = 'BHD IQD JOD KWD LYD OMR TND'
const exponent4 = 'CLF UYW'
const exponent2 = [
  'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF',
  'CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG',
  'HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR',
  'MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD',
  'SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG',
  'YER ZAR ZMW ZWG',
].join(' ')

const table = new Map<string, number>()
for (const [codes, exponent] of [
  [exponent0, 0],
  [exponent2, 2],
  [exponent3, 3],
  [exponent4, 4],
] as const) {
  for (const code of codes.split(' ')) table.set(code, exponent)
}

export const currencyCodes: readonly string[] = [...table.keys()].sort()

export const isKnownCurrency = (code: string): code is CurrencyCode => table.has(code)

/** Digits after the decimal point in the currency's minor unit; undefined for an unknown code. */
export const currencyExponent = (code: string): number | undefined => table.get(code)
