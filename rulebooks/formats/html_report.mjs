// Renders a Cucumber Messages file (NDJSON) as Cucumber's standalone HTML report, with the
// official @cucumber/html-formatter. Usage:
//   node rulebooks/formats/html_report.mjs NODE_MODULES MESSAGES.ndjson REPORT.html
// NODE_MODULES is the folder holding @cucumber/html-formatter (scripts/bootstrap.sh installs
// it under .node/node_modules). Exits non-zero, naming the line, on a line that is not JSON.
import { createReadStream, createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'

const [modules, input, output] = process.argv.slice(2)
if (!modules || !input || !output) {
  console.error('usage: html_report.mjs NODE_MODULES MESSAGES.ndjson REPORT.html')
  process.exit(2)
}
const entry = join(modules, '@cucumber', 'html-formatter', 'dist', 'src', 'index.js')
const { CucumberHtmlStream } = await import(pathToFileURL(entry).href)

async function* envelopes() {
  let number = 0
  for await (const line of createInterface({ input: createReadStream(input), crlfDelay: Infinity })) {
    number += 1
    if (!line.trim()) continue
    try {
      yield JSON.parse(line)
    } catch (error) {
      throw new Error(`${input}:${number}: not JSON (${error.message})`)
    }
  }
}

try {
  await pipeline(Readable.from(envelopes()), new CucumberHtmlStream(), createWriteStream(output))
} catch (error) {
  console.error(error.message)
  process.exit(1)
}
