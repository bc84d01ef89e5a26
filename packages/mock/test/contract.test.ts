import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { contract } from '@prospectkit/core';
import ajv2020 from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

const Ajv2020 = ajv2020.default;
const addFormats = ajvFormats.default;
const { components } = contract as unknown as { components: { schemas: Record<string, object> } };

/** Every name TypeScript's DOM and ES5 libraries declare globally (`Location`, `Error`, `Response`, ...). */
function typeScriptGlobals(): Set<string> {
  const require = createRequire(import.meta.url);
  const names = new Set<string>();
  for (const lib of ['typescript/lib/lib.dom.d.ts', 'typescript/lib/lib.es5.d.ts']) {
    const text = readFileSync(require.resolve(lib), 'utf8');
    for (const match of text.matchAll(/^(?:declare var|interface|type|declare function) (\w+)/gm))
      names.add(match[1] as string);
  }
  return names;
}

describe('the contract as other tools read it', () => {
  it('compiles every schema with ajv in strict mode, discriminators included', () => {
    const ajv = new Ajv2020({ strict: true, discriminator: true, allErrors: true });
    addFormats(ajv);
    // OpenAPI's own keywords beside JSON Schema's, and `components`, which only holds the schemas.
    ajv.addVocabulary(['components', 'example', 'xml', 'externalDocs']);
    // ajv reads a discriminator's values from each branch's `const` and refuses an explicit `mapping`, which the
    // contract keeps for code generators (see openapi.yaml `WebhookEvent`).
    const withoutMapping = JSON.parse(JSON.stringify({ components }), (key, value) =>
      key === 'mapping' ? undefined : value,
    );
    ajv.addSchema(withoutMapping, 'contract');
    const failures: string[] = [];
    for (const name of Object.keys(components.schemas)) {
      try {
        ajv.compile({ $ref: `contract#/components/schemas/${name}` });
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('names no schema like a global of JavaScript or the DOM, which generated clients would shadow', () => {
    const globals = typeScriptGlobals();
    expect(globals.has('Location') && globals.has('Error')).toBe(true);
    expect(Object.keys(components.schemas).filter((name) => globals.has(name))).toEqual([]);
  });
});
