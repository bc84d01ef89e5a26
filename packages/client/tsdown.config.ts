import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The tarball ships no src, so maps pointing at ../src would dangle; tsconfig's declarationMap is for the editor.
  dts: { sourcemap: false },
  platform: 'neutral',
  sourcemap: false,
  clean: true,
  fixedExtension: false,
});
