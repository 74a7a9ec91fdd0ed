import type { CategoryId } from '../../schemas/ids.ts'
import type { PayeeRule } from '../../schemas/imports.ts'

// Payees from bank files (issue 28 §2): clean the bank's boilerplate out of a description, apply the user's rules,
// and suggest the category the user gave the payee before. Pure; the server gathers rules and history.
//
// Casing: a cleaned payee keeps the bank's letters as they are. Title-casing an all-caps name would read better for
// "BIEDRONKA", but break "PKO BP", "MPK", "SP. Z O.O." and every acronym, and could not be undone; rules and learning
// compare payees case-insensitively anyway, and a rule's `rename` gives a payee whatever spelling the user likes.

/** Which cleaning a noise pattern stands for, where it was seen, and a description it cleans (tested). */
interface Noise {
  /** A regular expression over the folded text (lowercase, no diacritics: `foldText`). */
  readonly pattern: string
  readonly source: string
  /** A card payment's words: a city left at the end of the description is the terminal's, and goes too. */
  readonly card?: true
  readonly example: readonly [raw: string, cleaned: string]
}

/**
 * Not inside a word. Word characters over folded text: ASCII letters and digits, and every letter block from Latin-1
 * to Hangul (combining marks included). Not `[\p{L}\p{N}\p{M}]`: Unicode property classes made the noise pattern
 * five times slower (6 µs for an 80-character description, a third of a second for a 50 000-row file).
 */
const word = String.raw`[a-z0-9\u00c0-\u1fff\u2c00-\ud7ff]`
const B = `(?<!${word})`
const E = `(?!${word})`

const date = String.raw`(?:\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2})?)?|\d{2}[./-]\d{2}[./-]\d{4}|\d{4}[./]\d{2}[./]\d{2})`
const currencies = 'pln|zl|eur|usd|gbp|chf|czk|sek|nok|dkk|huf|uah|jpy|cad|aud'

/**
 * What banks write around the other party's name. Longer phrases come before their own beginnings ("przelew
 * zewnętrzny wychodzący" before any shorter one), since the first alternative that matches wins.
 */
export const noisePatterns: readonly Noise[] = [
  {
    pattern: 'zakup przy uzyciu (?:karty(?: w kraju| za granica| - internet)?|cash ?back)',
    source: 'mBank "#Opis operacji" (Lista operacji and the statement export): its operation types',
    card: true,
    example: ['ZAKUP PRZY UŻYCIU KARTY W KRAJU ŻABKA Z1234 K.1 WARSZAWA', 'ŻABKA Z1234 K.1'],
  },
  {
    pattern: 'zwrot zakupu(?: w kraju| za granica)?',
    source: 'mBank operation types (a card refund)',
    card: true,
    example: ['TESCO ZWROT ZAKUPU W KRAJU', 'TESCO'],
  },
  {
    pattern: String.raw`przel(?:ew|\.) (?:(?:zewnetrzny|wewnetrzny|walutowy|mtransfer) (?:wychodzacy|przychodzacy)|zewnetrzny do (?:zus|us)|express elixir wych\.(?: ?prow\.)?)`,
    source: 'mBank operation types (transfers)',
    example: ['PRZELEW ZEWNĘTRZNY WYCHODZĄCY ENERGA OBRÓT SA', 'ENERGA OBRÓT SA'],
  },
  {
    pattern: '(?:platnosc web|zakup w terminalu) - kod mobilny',
    source: 'mBank and PKO BP: a BLIK payment online or at a till',
    example: ['PŁATNOŚĆ WEB - KOD MOBILNY ALLEGRO.PL', 'ALLEGRO.PL'],
  },
  {
    pattern: String.raw`blik (?:zakup(?: e-commerce)?|p2p-(?:wychodzacy|przychodzacy)|kor\. zakupu e-commerce|wyplata atm)`,
    source: 'mBank operation types (BLIK)',
    example: ['BLIK ZAKUP E-COMMERCE ALLEGRO SP. Z O.O.', 'ALLEGRO SP. Z O.O.'],
  },
  {
    pattern: '(?:platnosc|zakup|przelew|transakcja|zwrot) blik(?: p2p)?',
    source: 'ING Bank Śląski, PKO BP, Santander: a BLIK payment, transfer or refund in the title',
    example: ['Płatność BLIK 05.01.2025 JAKDOJADE.PL', 'JAKDOJADE.PL'],
  },
  {
    pattern: '(?:platnosc|transakcja|zakup) karta',
    source:
      'PKO BP "Typ transakcji", ING and Santander titles ("Płatność kartą 30.04.2026 Nr karty 4246xx1234")',
    card: true,
    example: ['Płatność kartą 30.04.2026 Nr karty 4246xx1234 ROSSMANN 123', 'ROSSMANN 123'],
  },
  {
    pattern: 'transakcja bezgotowkowa',
    source:
      'Citi Handlowy: "Transakcja bezgotówkowa |Nr karty ...7149 Gdansk KASOWNIK 12 19,17PLN" (city first)',
    card: true,
    example: ['Transakcja bezgotówkowa |Nr karty ...7149 Gdansk KASOWNIK 12 19,17PLN', 'KASOWNIK 12'],
  },
  {
    pattern: String.raw`dop\. ?(?:mc|visa|vs)`,
    source: 'Santander Bank Polska: the card product ("DOP. MC 557519******1802 PŁATNOŚĆ KARTĄ 15.50 PLN …")',
    card: true,
    example: [
      'DOP. MC 557519******1802 PŁATNOŚĆ KARTĄ 15.50 PLN ZABKA ZE087 K.1 WARSZAWA',
      'ZABKA ZE087 K.1',
    ],
  },
  {
    pattern: String.raw`tr\.kart`,
    source: 'ING Bank Śląski "Szczegóły": a card transaction',
    card: true,
    example: ['TR.KART ORLEN STACJA NR 123', 'ORLEN STACJA NR 123'],
  },
  {
    pattern: String.raw`przelew na telefon(?: przychodz\.| wychodz\.)?(?: zew\.| wew\.)?`,
    source: 'PKO BP "Typ transakcji": a BLIK transfer to a phone number',
    example: ['Przelew na telefon przychodz. zew. JAN KOWALSKI', 'JAN KOWALSKI'],
  },
  {
    pattern: 'storno obciazenia|wyplata gotowki w bankomacie(?: wskazanej sieci)?',
    source: 'mBank operation types (a reversal, a cash withdrawal)',
    example: ['WYPŁATA GOTÓWKI W BANKOMACIE EURONET 1234', 'EURONET 1234'],
  },
  {
    pattern: String.raw`elixir \d{2}-\d{2}-\d{4}`,
    source: 'Santander Bank Polska: a transfer\'s clearing session after the name ("… ELIXIR 20-05-2026")',
    example: ['MARIUSZ NOWAK ELIXIR 20-05-2026', 'MARIUSZ NOWAK'],
  },
  {
    pattern: String.raw`(?:nr|numer) karty\s*:?\s*(?:\.{2,}|…)?\s*[0-9x*]{4,}`,
    source: 'ING, Santander, Citi Handlowy: "Nr karty 4246xx1234", "Nr karty ...7149"',
    card: true,
    example: ['ŻABKA Nr karty ...7149', 'ŻABKA'],
  },
  {
    pattern: String.raw`\d{4,6}[x*•]{2,}\d{2,4}|(?:[0-9x*]{4}[ -]){3}[0-9x*]{4}`,
    source: 'PKO BP "Numer karty: 425125******3586", Pekao "4063********8335", masked card numbers in groups',
    card: true,
    example: ['425125******1234 LIDL', 'LIDL'],
  },
  {
    // IBANs written in one piece, or in groups of four digits after the bank's code (never words in fours).
    pattern: String.raw`(?:pl)?\d{2}(?: ?\d{4}){6}|[a-z]{2}\d{2}[0-9a-z]{11,30}|[a-z]{2}\d{2} [0-9a-z]{4}(?: \d{4}){2,6}(?: \d{1,3})?`,
    source: 'mBank "PRZELEW ZEWNĘTRZNY WYCHODZĄCY 61109010140000071219812874": account numbers (NRB, IBAN)',
    example: ['61 1090 1014 0000 0712 1981 2874 JAN KOWALSKI', 'JAN KOWALSKI'],
  },
  {
    pattern: String.raw`(?:data (?:transakcji|operacji|ksiegowania)\s*:?\s*)?${date}`,
    source:
      'mBank titles "ZABKA Z1234 K.1 /WARSZAWA DATA TRANSAKCJI: 2020-01-01"; ING, Santander and DKB dates in the text',
    example: ['ZABKA Z1234 K.1 DATA TRANSAKCJI: 2025-01-05', 'ZABKA Z1234 K.1'],
  },
  {
    pattern: String.raw`\d{1,2}:\d{2}(?::\d{2})?`,
    source: 'times of day next to a date (DKB "2026-09-27T08:53 Debitk.", PKO "Data i czas operacji")',
    example: ['KINO HELIOS 18:45', 'KINO HELIOS'],
  },
  {
    pattern: String.raw`[-+]?\d{1,3}(?:[ .\u00a0]?\d{3})*[.,]\d{2} ?(?:${currencies})|(?:${currencies}) ?[-+]?\d+[.,]\d{2}`,
    source: 'Santander "PŁATNOŚĆ KARTĄ 15.50 PLN", Citi "KASOWNIK 12 19,17PLN": the amount again in the text',
    example: ['APTEKA 123,45 PLN', 'APTEKA'],
  },
  {
    pattern: String.raw`\d{10,}`,
    source: 'PKO BP "Tytuł: 000498849 74230789109067613321359": reference numbers, phone numbers',
    example: ['NETFLIX 74230789109067613321359', 'NETFLIX'],
  },
]

/** PKO BP writes a small form instead of a name: "Lokalizacja: Adres: SHELL Miasto: RZESZÓW Kraj: POLSKA". */
const labels = [
  'lokalizacja',
  'adres odbiorcy',
  'adres nadawcy',
  'adres',
  'miasto',
  'kraj',
  'tytul',
  'nazwa odbiorcy',
  'nazwa nadawcy',
  'rachunek odbiorcy',
  'rachunek nadawcy',
  'numer karty',
  'numer telefonu',
  'numer referencyjny',
  'data wykonania operacji',
  'data i czas operacji',
  'data przetworzenia',
  'oryginalna kwota operacji',
  'referencje wlasne zleceniodawcy',
  'nazwa i nr identyfikatora',
  'symbol formularza',
  'okres platnosci',
  'operacja',
] as const
/** The fields that name the other party, best first ("Adres" is the shop of a card payment); then the title. */
const nameLabels = ['adres', 'nazwa odbiorcy', 'nazwa nadawcy'] as const

/**
 * Cities card terminals put after the shop's name (and before a country code), as folded text. Polish cities over
 * about 40 000 people and the foreign ones common on Polish statements (payment processors' seats).
 */
const cityNames = `Warszawa Kraków Łódź Wrocław Poznań Gdańsk Szczecin Bydgoszcz Lublin Białystok Katowice Gdynia
Częstochowa Radom Rzeszów Toruń Sosnowiec Kielce Gliwice Olsztyn Zabrze Bielsko-Biała Bytom Zielona_Góra Rybnik
Ruda_Śląska Opole Tychy Gorzów_Wielkopolski Elbląg Płock Dąbrowa_Górnicza Wałbrzych Włocławek Tarnów Chorzów
Koszalin Kalisz Legnica Grudziądz Jaworzno Słupsk Jastrzębie-Zdrój Nowy_Sącz Jelenia_Góra Siedlce Mysłowice Konin
Piła Piotrków_Trybunalski Inowrocław Lubin Ostrów_Wielkopolski Suwałki Stargard Gniezno Głogów
Siemianowice_Śląskie Pabianice Leszno Zamość Łomża Żory Pruszków Ełk Tomaszów_Mazowiecki Chełm Mielec
Kędzierzyn-Koźle Przemyśl Stalowa_Wola Tczew Biała_Podlaska Bełchatów Świdnica Będzin Zgierz Piekary_Śląskie
Racibórz Legionowo Ostrowiec_Świętokrzyski Świętochłowice Wejherowo Zawiercie Starachowice Skierniewice Sopot
Zakopane Otwock Piaseczno Marki Ząbki Kołobrzeg Puławy Starogard_Gdański Krosno
Amsterdam Dublin Cork Luxembourg London Berlin München Hamburg Frankfurt Paris Praha Wien Vienna Bratislava
Budapest Vilnius Riga Tallinn Stockholm Oslo København Copenhagen Helsinki Madrid Barcelona Lisboa Roma Milano
Zürich Bruxelles Brussels Kyiv Kijów Lwów New_York San_Francisco Los_Angeles Seattle Mountain_View Menlo_Park
Sunnyvale Cupertino Palo_Alto Singapore`

/** Country codes a card terminal puts last; only taken with a city before them, or `PL`, or in a card payment. */
const countryCodes = new Set(
  `PL POL DE DEU NL NLD IE IRL GB GBR LU LUX US USA CZ CZE SK SVK FR FRA ES ESP IT ITA AT AUT BE BEL CH CHE SE SWE
DK DNK NO NOR FI FIN LT LTU LV LVA EE EST UA UKR HU HUN PT PRT GR GRC HR HRV RO ROU BG BGR SI SVN CY CYP MT MLT IS
CA AU SG`.split(/\s+/u),
)

// ---- Folding: lowercase, without diacritics, one UTF-16 unit for one, so positions carry over to the original ----

/** Letters NFD does not take apart. */
const extraFolds: ReadonlyMap<string, string> = new Map([
  ['ł', 'l'],
  ['đ', 'd'],
  ['ø', 'o'],
  ['ı', 'i'],
])
/** Each non-ASCII UTF-16 unit's folded unit, filled as units are met. */
const foldedUnits = new Map<string, string>()

const foldUnit = (unit: string): string => {
  let folded = foldedUnits.get(unit)
  if (folded === undefined) {
    const base = unit.normalize('NFD').charAt(0)
    const lower = base.toLowerCase()
    folded = extraFolds.get(lower) ?? (lower.length === 1 ? lower : base)
    foldedUnits.set(unit, folded)
  }
  return folded
}

// Without the u flag: one UTF-16 unit at a time, so every unit is replaced by exactly one.
const nonAscii = /[\u0080-\uffff]/g
const anyUnit = /[\s\S]/g

/** The text lowercase and without diacritics, unit for unit (same length, same positions). */
export const foldText = (text: string): string => {
  const lower = text.toLowerCase()
  // Lowercasing may lengthen a text (İ → i̇), never shorten it: then fold it unit by unit instead.
  return lower.length === text.length
    ? lower.replace(nonAscii, foldUnit)
    : text.replace(anyUnit, (unit) => (unit < '\x80' ? unit.toLowerCase() : foldUnit(unit)))
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters count as spaces, on purpose.
const spaces = /[\s\x00-\x1f\x7f-\x9f]+/g
/** One space for each run of spaces, line breaks and control characters; none at either end. */
const collapse = (text: string) => text.replace(spaces, ' ').trim()

/**
 * How payees are compared (rules, learning): Unicode NFD without combining marks, `ł` as `l`, lowercase, spaces
 * collapsed — "ŻABKA  Polska" and "zabka polska" are the same payee.
 */
export const payeeKey = (payee: string): string =>
  foldText(payee.normalize('NFD').replace(/\p{M}+/gu, ''))
    .replace(spaces, ' ')
    .trim()

/** Known cities, folded; names of two words at most. */
const cities: ReadonlySet<string> = new Set(
  cityNames
    .split(/\s+/u)
    .filter((name) => name !== '')
    .map((name) => payeeKey(name.replaceAll('_', ' '))),
)

/** The length of a known city ending the folded text after something else, else 0. */
const cityAtEnd = (fold: string): number => {
  const last = fold.lastIndexOf(' ')
  if (last <= 0) return 0
  if (cities.has(fold.slice(last + 1))) return fold.length - last - 1
  const second = fold.lastIndexOf(' ', last - 1)
  return second > 0 && cities.has(fold.slice(second + 1)) ? fold.length - second - 1 : 0
}

/** The length of a known city starting the folded text before something else, else 0. */
const cityAtStart = (fold: string): number => {
  const first = fold.indexOf(' ')
  if (first <= 0) return 0
  if (cities.has(fold.slice(0, first))) return first
  const second = fold.indexOf(' ', first + 1)
  return second > 0 && cities.has(fold.slice(0, second)) ? second : 0
}

// ---- cleanPayee ----

const noise = new RegExp(`${B}(?:${noisePatterns.map((entry) => entry.pattern).join('|')})${E}`, 'gu')
const cardNoise = new RegExp(
  `${B}(?:${noisePatterns
    .filter((entry) => entry.card === true)
    .map((entry) => entry.pattern)
    .join('|')})${E}`,
  'u',
)
const labelPattern = new RegExp(
  `${B}(${labels.map((label) => label.replaceAll(' ', '\\s+')).join('|')})\\s*:`,
  'gu',
)
/** A street (ul. Długa 5) or a postal code (00-950) starts an address: it and what follows go. */
const addressTail = new RegExp(String.raw`${B}(?:(?:ul|al|os)\.\s*\p{L}|\d{2}-\d{3}${E}).*$`, 'u')
/** mBank puts the terminal's city after a slash: "ZABKA Z1234 K.1 /WARSZAWA", "ORLEN/GDAŃSK". */
const slashTail = /(\s?)\/\s*(\p{L}[\p{L} .-]*)$/u
const countryTail = /\s([A-Z]{2,3})$/u
const edges = /^[\s,;:|·/\\'\-–—]+|[\s,;:|·/\\'\-–—]+$/g
const hasLetter = /\p{L}/u

const tidy = (text: string) => collapse(text).replace(edges, '')

/** The text with every match of `pattern` (global) in its folded form replaced by a space. */
const cut = (text: string, fold: string, pattern: RegExp): string => {
  let kept = ''
  let from = 0
  pattern.lastIndex = 0
  // exec in a loop, not matchAll: matchAll's iterator and regex copy cost more than the matching itself here.
  for (let match = pattern.exec(fold); match !== null; match = pattern.exec(fold)) {
    kept += `${text.slice(from, match.index)} `
    from = match.index + match[0].length
  }
  return from === 0 ? text : kept + text.slice(from)
}

const names = (value: string | undefined): value is string =>
  value !== undefined && hasLetter.test(tidy(cut(value, foldText(value), noise)))

/** PKO BP's form read for the name in it: the shop's address, the recipient's or sender's name, else the title. */
const readForm = (text: string, fold: string): string => {
  const found: RegExpExecArray[] = []
  labelPattern.lastIndex = 0
  for (let match = labelPattern.exec(fold); match !== null; match = labelPattern.exec(fold)) found.push(match)
  const first = found[0]
  if (first === undefined) return text
  const values = new Map<string, string>()
  for (const [index, match] of found.entries()) {
    const label = (match[1] ?? '').replace(/\s+/gu, ' ')
    const end = found[index + 1]?.index ?? text.length
    if (!values.has(label)) values.set(label, text.slice(match.index + match[0].length, end))
  }
  for (const label of nameLabels) {
    const value = values.get(label)
    if (names(value)) return value
  }
  const head = text.slice(0, first.index)
  if (names(head)) return head
  const title = values.get('tytul')
  return names(title) ? title : ''
}

/**
 * The terminal's location: an address, mBank's "/CITY", a country code and the city before it; in a card payment
 * a known city at either end (Citi Handlowy writes it first).
 */
const dropLocation = (text: string, card: boolean): string => {
  let rest = text
  let fold = foldText(rest)
  const cutTo = (end: number) => {
    rest = tidy(rest.slice(0, end))
    fold = foldText(rest)
  }
  const address = addressTail.exec(fold)
  if (address !== null && hasLetter.test(rest.slice(0, address.index))) cutTo(address.index)
  const slash = slashTail.exec(fold)
  if (slash !== null && hasLetter.test(rest.slice(0, slash.index))) {
    const place = (slash[2] ?? '').trim()
    const spaced = slash[1] === ' ' && place.replace(/[^a-z]/gu, '').length >= 3
    if (spaced || cities.has(place)) return tidy(rest.slice(0, slash.index))
  }
  let located = card
  const country = countryTail.exec(rest)
  if (
    country !== null &&
    countryCodes.has(country[1] ?? '') &&
    hasLetter.test(rest.slice(0, country.index))
  ) {
    if (country[1] === 'PL' || card || cityAtEnd(fold.slice(0, country.index)) > 0) {
      cutTo(country.index)
      located = true
    }
  }
  const last = located ? cityAtEnd(fold) : 0
  if (last > 0) cutTo(rest.length - last)
  const first = card ? cityAtStart(fold) : 0
  return first > 0 ? tidy(rest.slice(first)) : rest
}

/** One round of cleaning; `cleanPayee` repeats it until nothing changes. */
const cleanOnce = (text: string): string => {
  const fold = foldText(text)
  const read = readForm(text, fold)
  const form = tidy(read)
  const formFold = form === text ? fold : foldText(form)
  const cleaned = tidy(cut(form, formFold, noise))
  return cleaned === '' ? '' : dropLocation(cleaned, cardNoise.test(formFold))
}

/**
 * The payee a bank's description names, without the bank's boilerplate: operation types ("ZAKUP PRZY UŻYCIU
 * KARTY"), card and account numbers, dates and times, the amount again, PKO BP's labelled form, an address, the
 * terminal's city and country. Spaces are collapsed; letters keep their case. Idempotent, and never empty for a
 * text with content: when nothing with a letter would remain, the text itself, its spaces collapsed.
 */
export const cleanPayee = (raw: string): string => {
  const original = collapse(raw.normalize('NFC'))
  let text = original
  // Each round that changes the text shortens it, so this ends; repeating makes the result a fixed point.
  for (;;) {
    const next = cleanOnce(text)
    if (next === text || next === '') {
      text = next
      break
    }
    text = next
  }
  return hasLetter.test(text) ? text : original
}

// ---- Rules ----

export interface RuledPayee {
  readonly payee: string
  readonly categoryId: CategoryId | null
  readonly ruleId: string | null
}

interface CompiledRule {
  readonly rule: PayeeRule
  readonly key: string
}

const compiledRules = new WeakMap<readonly PayeeRule[], readonly CompiledRule[]>()

const compile = (rules: readonly PayeeRule[]): readonly CompiledRule[] => {
  const known = compiledRules.get(rules)
  if (known !== undefined) return known
  const compiled = rules.map((rule) => ({ rule, key: payeeKey(rule.text) })).filter(({ key }) => key !== '')
  compiledRules.set(rules, compiled)
  return compiled
}

/**
 * The first rule whose text the payee contains (or equals), compared as `payeeKey` does: case, diacritics and
 * repeated spaces do not matter. It renames the payee (when it says so) and gives its category (or none).
 */
export const applyRules = (payee: string, rules: readonly PayeeRule[]): RuledPayee => {
  if (rules.length > 0) {
    const key = payeeKey(payee)
    for (const { rule, key: text } of compile(rules)) {
      if (rule.match === 'equals' ? key === text : key.includes(text)) {
        return { payee: rule.rename ?? payee, categoryId: rule.categoryId, ruleId: rule.id }
      }
    }
  }
  return { payee, categoryId: null, ruleId: null }
}

// ---- Learning ----

/** How many of a payee's latest categorized transactions a suggestion looks at, and how many must agree. */
export const LEARN_FROM_LAST = 5
export const LEARN_AT_LEAST = 3

export interface PayeeHistoryEntry {
  readonly payee: string
  readonly categoryId: CategoryId | null
  /** YYYY-MM-DD. */
  readonly date: string
}

/** A suggestion and its evidence: the category of `count` of the payee's last `of` transactions ("5 z 5"). */
export interface LearnedCategory {
  readonly categoryId: CategoryId
  readonly count: number
  readonly of: number
}

export type LearnedCategories = (payee: string) => LearnedCategory | undefined

interface Seen {
  readonly date: string
  readonly categoryId: CategoryId
}

/**
 * Learns from the user's own choices: a payee whose last 5 categorized transactions (or all, if fewer) include at
 * least 3 in one category is suggested that category. Payees are compared as `payeeKey` does. The history may come
 * in any order; of transactions on one day, the one listed first counts as the later (the server reads newest
 * first). `ignore` names categories that teach nothing (Uncategorized). One pass over the history, then a lookup.
 */
export const learnCategories = (
  history: Iterable<PayeeHistoryEntry>,
  options: { readonly ignore?: (categoryId: CategoryId) => boolean } = {},
): LearnedCategories => {
  const keys = new Map<string, string>()
  const latest = new Map<string, Seen[]>()
  for (const { payee, categoryId, date } of history) {
    if (categoryId === null || options.ignore?.(categoryId) === true) continue
    let key = keys.get(payee)
    if (key === undefined) {
      key = payeeKey(payee)
      keys.set(payee, key)
    }
    if (key === '') continue
    const seen = latest.get(key)
    if (seen === undefined) {
      latest.set(key, [{ date, categoryId }])
      continue
    }
    // Newest first, at most LEARN_FROM_LAST: an entry goes after every one dated on or after its day.
    let at = seen.length
    while (at > 0 && (seen[at - 1]?.date ?? '') < date) at -= 1
    if (at >= LEARN_FROM_LAST) continue
    seen.splice(at, 0, { date, categoryId })
    if (seen.length > LEARN_FROM_LAST) seen.pop()
  }
  const learned = new Map<string, LearnedCategory>()
  for (const [key, seen] of latest) {
    const counts = new Map<CategoryId, number>()
    for (const { categoryId } of seen) counts.set(categoryId, (counts.get(categoryId) ?? 0) + 1)
    for (const [categoryId, count] of counts) {
      // At least 3 of at most 5: no second category can reach it.
      if (count >= LEARN_AT_LEAST) learned.set(key, { categoryId, count, of: seen.length })
    }
  }
  return (payee) => (learned.size === 0 ? undefined : learned.get(payeeKey(payee)))
}
