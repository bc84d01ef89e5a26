#!/usr/bin/env node
// Regenerates every file derived from openapi/openapi.yaml. CI runs it and fails on `git diff`, so the
// committed files can never drift from the contract. Nobody edits the outputs by hand.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contractPath = join(root, 'openapi', 'openapi.yaml');
const header = (what) =>
  `// This file is generated from openapi/openapi.yaml by \`npm run generate\` (${what}).\n// Do not edit it by hand: change the contract and regenerate.\n\n`;

async function write(relative, text) {
  const file = join(root, relative);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
  console.log(`generate: wrote ${relative}`);
}

const source = await readFile(contractPath, 'utf8');
const ast = await openapiTS(new URL(`file://${contractPath}`), { alphabetize: false });
const types = header('openapi-typescript') + astToString(ast);
// Once, in the internal core package; the published packages bundle what they use of it (see their tsdown.config.ts).
await write('packages/core/src/generated/openapi.ts', types);

// The contract as data, for code that runs where no file can be read (the mock in a browser) and so that the
// server's published build needs no YAML file beside it: the parsed document and the text it was parsed from.
const document = parse(source);
await write(
  'packages/core/src/generated/contract.ts',
  `${header('contract as data')}/** The OpenAPI document, as parsed from openapi/openapi.yaml. */\nexport const contract = ${JSON.stringify(document, null, 2)} as const;\n\n/** The text of openapi/openapi.yaml, served as is at \`/openapi.yaml\`. */\nexport const contractYaml = ${JSON.stringify(source)};\n`,
);
