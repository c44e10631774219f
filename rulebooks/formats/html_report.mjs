// Renders a Cucumber Messages file (NDJSON) as Cucumber's standalone HTML report, with the
// official @cucumber/html-formatter. Usage:
//   node rulebooks/formats/html_report.mjs NODE_MODULES MESSAGES.ndjson REPORT.html BOARDS
// NODE_MODULES is the folder holding @cucumber/html-formatter (scripts/bootstrap.sh installs
// it under .node/node_modules). Exits non-zero, naming the line, on a line that is not JSON.
//
// The boards, SVG attachments as text, are written once each (named by their content) into
// the folder BOARDS beside the report and linked by their relative URL: the report's viewer
// shows an image only when it is base64-encoded or external, and the boards inline would make
// a report of tens of megabytes.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'

const [modules, input, output, boards] = process.argv.slice(2)
if (!modules || !input || !output || !boards) {
  console.error('usage: html_report.mjs NODE_MODULES MESSAGES.ndjson REPORT.html BOARDS')
  process.exit(2)
}
const boardsUrl = encodeURIComponent(basename(boards))

// An SVG attachment given as text, moved to a file of the boards folder and linked instead.
function externalised(envelope) {
  const attachment = envelope.attachment
  if (!attachment || attachment.mediaType !== 'image/svg+xml' || attachment.contentEncoding !== 'IDENTITY') {
    return envelope
  }
  const name = createHash('sha256').update(attachment.body, 'utf8').digest('hex').slice(0, 20) + '.svg'
  const file = join(boards, name)
  if (!existsSync(file)) {
    mkdirSync(boards, { recursive: true })
    const partial = join(dirname(file), `.${name}.partial`)
    writeFileSync(partial, attachment.body, 'utf8')
    renameSync(partial, file)
  }
  return { attachment: { ...attachment, body: '', url: `${boardsUrl}/${name}` } }
}
const entry = join(modules, '@cucumber', 'html-formatter', 'dist', 'src', 'index.js')
const { CucumberHtmlStream } = await import(pathToFileURL(entry).href)

async function* envelopes() {
  let number = 0
  for await (const line of createInterface({ input: createReadStream(input), crlfDelay: Infinity })) {
    number += 1
    if (!line.trim()) continue
    let envelope
    try {
      envelope = JSON.parse(line)
    } catch (error) {
      throw new Error(`${input}:${number}: not JSON (${error.message})`)
    }
    yield externalised(envelope)
  }
}

try {
  await pipeline(Readable.from(envelopes()), new CucumberHtmlStream(), createWriteStream(output))
} catch (error) {
  console.error(error.message)
  process.exit(1)
}
