import Papa from 'papaparse'

// Exports of a report (issue 31 §2): the table's figures as CSV, a chart as PNG drawn from its SVG.

const save = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The rows as CSV (header first), with a BOM so spreadsheet programs read Polish letters right. */
export const downloadCsv = (
  fileName: string,
  rows: ReadonlyArray<ReadonlyArray<string>>,
  delimiter: string,
) => {
  const text = Papa.unparse(
    rows.map((row) => [...row]),
    { delimiter },
  )
  save(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), fileName)
}

const PAINTED = [
  'fill',
  'stroke',
  'stroke-width',
  'font-family',
  'font-size',
  'font-weight',
  'opacity',
] as const

/** The chart as PNG: the theme's colours (CSS variables) are copied onto a clone, which an image can draw alone. */
export const downloadPng = async (fileName: string, svg: SVGSVGElement, background: string) => {
  const clone = svg.cloneNode(true)
  if (!(clone instanceof SVGSVGElement)) return
  const originals = svg.querySelectorAll('*')
  const copies = clone.querySelectorAll('*')
  originals.forEach((element, index) => {
    const copy = copies[index]
    if (!(copy instanceof SVGElement)) return
    const style = getComputedStyle(element)
    copy.setAttribute('style', PAINTED.map((name) => `${name}:${style.getPropertyValue(name)}`).join(';'))
  })
  const { width, height } = svg.viewBox.baseVal
  const scale = 2
  clone.setAttribute('width', String(width))
  clone.setAttribute('height', String(height))
  const source = new XMLSerializer().serializeToString(clone)
  const image = new Image()
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = width * scale
  canvas.height = height * scale
  const context = canvas.getContext('2d')
  if (context === null) return
  context.fillStyle = background
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
  if (blob !== null) save(blob, fileName)
}
