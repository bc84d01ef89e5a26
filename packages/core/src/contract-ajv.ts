import ajv2020 from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';

// Both are CommonJS modules whose `module.exports` is the export itself, with `.default` pointing back to it:
// `.default` is the class (the plugin) under Node, bundlers and TypeScript's NodeNext view alike.
const Ajv2020 = ajv2020.default;
const addFormats = ajvFormats.default;

/** An ajv instance as {@link createContractAjv} makes it. */
export type Ajv = InstanceType<typeof Ajv2020>;

/**
 * An ajv 2020-12 instance for the contract's schemas: all errors, no strict mode, formats validated
 * (`ajv-formats` in full mode, as the server's response validator); query strings coerced to their types
 * (`coerceTypes`), bodies and stored records never.
 */
export function createContractAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv2020({
    strict: false,
    strictNumbers: true,
    strictTuples: true,
    allowUnionTypes: false,
    validateSchema: false,
    allErrors: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    validateFormats: true,
  });
  addFormats(ajv, { mode: 'full' });
  ajv.addFormat('media-range', true);
  return ajv;
}
