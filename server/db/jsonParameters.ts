// Big JSON parameters as binary-format values. The drivers send a Buffer parameter as it is, in PostgreSQL's
// binary format, instead of measuring and encoding a string of a megabyte or more: PGlite's serializer measures a
// string's UTF-8 length in a JavaScript loop (~3 ms for a 2 000-event import). Binary jsonb is a version byte (1)
// before the text; binary json is the text alone.

const JSONB_BINARY_VERSION = 1

/** `text` (JSON) as a binary jsonb parameter: write `${jsonbParameter(text)}::jsonb`. */
export const jsonbParameter = (text: string): Buffer => {
  const parameter = Buffer.allocUnsafe(Buffer.byteLength(text) + 1)
  parameter[0] = JSONB_BINARY_VERSION
  parameter.write(text, 1)
  return parameter
}

/** `text` (JSON) as a binary json parameter: write `${jsonParameter(text)}::json`. */
export const jsonParameter = (text: string): Buffer => Buffer.from(text)
