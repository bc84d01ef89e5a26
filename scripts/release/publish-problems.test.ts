import { describe, expect, it } from 'vitest';
import { publishProblems } from './publish-problems.js';

const clean =
  'npm notice total files: 31\nnpm warn publish This command requires you to be logged in to https://registry.npmjs.org/ (dry-run)\n';
const good = { access: 'public', provenance: true };

describe('publishProblems', () => {
  it.each<[string, { stderr: string; status: number | null }, object | undefined, string[]]>([
    ['a clean dry run (the login warning of a dry run is expected)', { stderr: clean, status: 0 }, good, []],
    [
      'npm auto-correcting package.json',
      { stderr: `${clean}npm warn publish npm auto-corrected some errors in your package.json\n`, status: 0 },
      good,
      ['npm warned: npm warn publish npm auto-corrected some errors in your package.json'],
    ],
    [
      'a failed pack',
      { stderr: 'npm error code E404\n', status: 1 },
      good,
      ['npm publish --dry-run exited with 1', 'npm warned: npm error code E404'],
    ],
    [
      'no provenance, default access',
      { stderr: clean, status: 0 },
      undefined,
      ['publishConfig.access is not "public"', 'publishConfig.provenance is not true'],
    ],
  ])('%s', (_name, output, config, want) => {
    expect(publishProblems(output, config as never)).toEqual(want);
  });
});
