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
for (const pkg of ['core', 'client', 'webhooks', 'server', 'mock']) {
  await write(`packages/${pkg}/src/generated/openapi.ts`, types);
}

// The mock validates requests in the browser too, so it gets the contract as a plain object, not a YAML file.
const document = parse(source);
await write(
  'packages/mock/src/generated/contract.ts',
  `${header('contract as data')}/** The OpenAPI document, as parsed from openapi/openapi.yaml. */\nexport const contract = ${JSON.stringify(document, null, 2)} as const;\n`,
);
