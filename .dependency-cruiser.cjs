/** Architecture boundaries (docs/architecture.md). One forbidden list; `npm run depcruise` checks it. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-only-zod',
      severity: 'error',
      comment: 'The wire contract depends on zod alone.',
      from: { path: '^packages/contract/src' },
      to: {
        dependencyTypesNot: ['local', 'type-only'],
        pathNot: ['node_modules/zod/', 'node_modules/vitest/'],
      },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The console never imports the server.',
      from: { path: '^apps/web' },
      to: { path: '^apps/server' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server never imports the console.',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'web-contract-by-file',
      severity: 'error',
      comment:
        'The console imports the contract file by file (`@agent-console/contract/orders`), never its index: the index reaches every file, and the build would put every schema in the entry chunk (docs/contract.md).',
      from: { path: '^apps/web' },
      to: { path: '^packages/contract/src/index[.]ts$' },
    },
    {
      name: 'web-no-cross-feature',
      severity: 'error',
      comment: 'A feature never imports another feature.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment: 'Features never import the app layer.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-not-features-or-app',
      severity: 'error',
      comment: 'lib and components import neither features nor app.',
      from: { path: '^apps/web/src/(lib|components|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-no-foreign-repository',
      severity: 'error',
      comment: 'A server module never reaches into the repository of another module.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/.+[.]repository[.]ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-routes-no-db',
      severity: 'error',
      comment: 'Route files compose; SQL lives in repositories.',
      from: { path: '[.]routes[.]ts$' },
      to: { path: '(^apps/server/src/db/|[.]repository[.]ts$|node_modules/drizzle-orm)' },
    },
    {
      name: 'server-sql-only-in-repositories',
      severity: 'error',
      comment:
        'SQL lives in repositories: services, routes and other module files import neither drizzle-orm nor the schema (tests may, for assertions).',
      from: {
        path: '^apps/server/src/modules/',
        pathNot: '([.]repository[.]ts|[.]test[.]ts|[.]test-kit[.]ts)$',
      },
      to: { path: '(node_modules/drizzle-orm|^apps/server/src/db/schema/)' },
    },
    {
      name: 'server-repositories-not-http',
      severity: 'error',
      comment: 'Repositories know nothing of HTTP: scope and filters come from the domain and db/.',
      from: { path: '([.]repository[.]ts$|^apps/server/src/db/)' },
      to: { path: '^apps/server/src/http/' },
    },
    {
      name: 'server-services-not-http',
      severity: 'error',
      comment: 'Services know nothing of Fastify or the HTTP layer.',
      from: { path: '[.]service[.]ts$' },
      to: { path: '(^apps/server/src/http/|node_modules/fastify)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
