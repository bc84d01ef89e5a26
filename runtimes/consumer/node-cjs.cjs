// The Node suite, CommonJS side: require() every entry. Entries with a "require" condition load their .cjs
// build; the ESM-only server loads through require(esm), which Node 20.19+ and 22.12+ do without a flag.
const entries = require('./entries.json');

async function main() {
  // The harness's own helpers are ESM; only the packages under test are loaded with require().
  const { check, done, expectExports } = await import('./report.mjs');
  for (const entry of entries) {
    const how = entry.cjs ? 'require' : 'require(esm)';
    await check(entry.pkg, `${how} ${entry.specifier}`, () => {
      const module = require(entry.specifier);
      if (!entry.cjs) return expectExports(module, entry.names);
      const resolved = require.resolve(entry.specifier);
      // The CommonJS build, not the ESM one through require(esm): the exports map's "require" branch was taken.
      if (!resolved.endsWith('.cjs')) throw new Error(`resolved to ${resolved}, not a .cjs build`);
      return expectExports(module, entry.names);
    });
  }
  for (const pkg of ['client', 'webhooks', 'server', 'mock']) {
    await check(pkg, 'require ./package.json', () => {
      const json = require(`@prospectkit/${pkg}/package.json`);
      if (json.name !== `@prospectkit/${pkg}`) throw new Error(`name ${json.name}`);
    });
  }
  done();
}

main().then(() => process.exit(0));
