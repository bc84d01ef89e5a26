// The changelog module of .changeset/config.json. Changesets loads it with require(), so this file is
// CommonJS and hands over to the TypeScript module through tsx's require (see docs/releasing.md).
const { require: requireTypeScript } = require('tsx/cjs/api');

module.exports = requireTypeScript('./changelog-functions.ts', __filename).changelogFunctions;
