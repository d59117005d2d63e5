// Webpack factories for the federated front end: one for the host (shell), one for each remote.
// An app's webpack.config.js calls one of them with its name and folder.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

// Libraries every federated app must use as one instance (React context, router, theme, SWR cache,
// current user). The trailing-slash keys cover subpath imports such as react/jsx-runtime and
// react-dom/client, which would otherwise be bundled once per app.
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  'styled-components',
  'swr',
  '@tht/ui',
];

// Stateless code the remotes share among themselves so each does not carry its own copy of the
// schemas and zod. The shell keeps its own tree-shaken copy: a shared module is provided whole,
// and all of @tht/contracts with zod would add about 35 KB gzip to the shell's first load.
const SHARED_BY_REMOTES = ['@tht/contracts'];

// Looked up through node_modules folders rather than require.resolve, because some packages'
// "exports" hide their package.json.
function installedPackageDir(packageName, appDir) {
  for (let dir = appDir; ; dir = path.dirname(dir)) {
    const packageDir = path.join(dir, 'node_modules', packageName);
    if (fs.existsSync(path.join(packageDir, 'package.json'))) return packageDir;
    if (dir === path.dirname(dir)) throw new Error(`${packageName} is not installed for ${appDir}`);
  }
}

function installedVersion(packageName, appDir) {
  const manifest = fs.readFileSync(path.join(installedPackageDir(packageName, appDir), 'package.json'), 'utf8');
  return JSON.parse(manifest).version;
}

// React Router is shared as the subset in ./shared (see react-router.mjs for why).
const ROUTER_SUBSETS = {
  'react-router': path.join(__dirname, 'shared', 'react-router.mjs'),
  'react-router-dom': path.join(__dirname, 'shared', 'react-router-dom.mjs'),
};

// The workspace's own packages keep version 0.1.0 while their code changes, so a remote built from
// older sources would otherwise hand its copy to newer remotes. Their shared version carries a hash
// of their sources, and a remote accepts only the exact copy it was built with.
function sourceHash(packageDir) {
  const hash = createHash('sha256');
  const files = fs.readdirSync(path.join(packageDir, 'src'), { recursive: true }).map(String).sort();
  for (const file of files) {
    const fullPath = path.join(packageDir, 'src', file);
    if (fs.statSync(fullPath).isFile()) hash.update(file).update(fs.readFileSync(fullPath));
  }
  return hash.digest('hex').slice(0, 12);
}

function contentVersionedConfig(packageName, appDir, singleton) {
  const version = `${installedVersion(packageName, appDir)}-src${sourceHash(installedPackageDir(packageName, appDir))}`;
  return { singleton, version, requiredVersion: version };
}

function sharedConfig(key, appDir, { singleton }) {
  const packageName = key.endsWith('/') ? key.slice(0, -1) : key;
  if (SHARED_BY_REMOTES.includes(packageName)) return contentVersionedConfig(packageName, appDir, singleton);
  const version = installedVersion(packageName, appDir);
  const config = { singleton, version, requiredVersion: `^${version}` };
  return key in ROUTER_SUBSETS ? { ...config, import: ROUTER_SUBSETS[key] } : config;
}

/** The package an entry belongs to: '@tht/ui' for '@tht/ui/charts'. */
const packageOfEntry = (entry) => entry.split('/').slice(0, 2).join('/');

function sharedModules(appDir, { remote, sharedWithRemotes = [] }) {
  return Object.fromEntries([
    ...SINGLETONS.map((key) => [key, sharedConfig(key, appDir, { singleton: true })]),
    ...(remote ? SHARED_BY_REMOTES.map((key) => [key, sharedConfig(key, appDir, { singleton: false })]) : []),
    ...sharedWithRemotes.map((entry) => [entry, contentVersionedConfig(packageOfEntry(entry), appDir, false)]),
  ]);
}

const typeScriptRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        target: 'es2020',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
      },
    },
  },
};

function baseConfig({ appDir, mode, publicPath }) {
  const production = mode !== 'development';
  return {
    mode,
    context: appDir,
    // No eval-based source maps even in development: the CSP allows no eval (api/src/platform/security-headers.ts).
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      // The full package behind the shared react-router subset (a name no shared key matches).
      alias: {
        // One copy of the federation runtime core: the host's bundler runtime imports its ES module
        // build and the runtime-core provider for the remotes requires its CommonJS build.
        '@module-federation/runtime-core$': path.join(
          installedPackageDir('@module-federation/runtime-core', appDir),
          'dist',
          'index.js',
        ),
        'react-router-complete$': path.join(installedPackageDir('react-router', appDir), 'dist', 'production', 'index.mjs'),
      },
    },
    module: { rules: [typeScriptRule] },
    output: {
      path: path.join(appDir, 'dist'),
      publicPath,
      // Content hashes let a rebuilt app reach users on their next page load while unchanged
      // files keep their names (and caches).
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      clean: true,
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

function modeOf(argv) {
  return argv && argv.mode === 'development' ? 'development' : 'production';
}

/**
 * The host: owns the page, the router and the shared libraries. It has no static remotes; they are
 * registered at run time from the registry the server serves.
 */
function createHostConfig({ name, appDir, title }) {
  return (_env, argv) => ({
    ...baseConfig({ appDir, mode: modeOf(argv), publicPath: '/' }),
    // The entry chunk carries the federation runtime, whose code webpack 5.111 hashes before content
    // hashes exist (module-federation/core#5077), so it gets a fixed name and index.html (served
    // no-cache) refers to it with the build hash as a query string.
    entry: { main: { import: './src/index.ts', filename: '[name].js' } },
    plugins: [
      new ModuleFederationPlugin({
        name,
        remotes: {},
        shared: sharedModules(appDir, { remote: false }),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // The host puts the federation runtime core on window for the remotes (see createRemoteConfig).
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new HtmlWebpackPlugin({
        title,
        hash: true,
        templateContent: ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${htmlWebpackPlugin.options.title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
      }),
    ],
  });
}

/**
 * A remote: exposes its tab component(s) through remoteEntry.js and mf-manifest.json. Chunks are
 * loaded relative to wherever the manifest was fetched from (publicPath 'auto').
 * `sharedWithRemotes` names entries of the workspace's packages that only some remotes use, shared
 * among the remotes that list them (versioned by a hash of the package's sources, as @tht/contracts):
 * '@tht/ui/charts' with the recharts code its charts use, about 120 KB gzip, which a user who opens
 * the Manager, HR and SMT views then loads once. Remotes that draw no chart neither bundle nor
 * provide it.
 */
function createRemoteConfig({ name, appDir, exposes, sharedWithRemotes = [] }) {
  return (_env, argv) => ({
    ...baseConfig({ appDir, mode: modeOf(argv), publicPath: 'auto' }),
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedModules(appDir, { remote: true, sharedWithRemotes }),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        // Remotes run inside the shell, which provides the federation runtime core (about 20 KB gzip
        // that each remoteEntry.js would otherwise repeat).
        experiments: { externalRuntime: true, optimization: { target: 'web' } },
      }),
    ],
  });
}

module.exports = { createHostConfig, createRemoteConfig, SINGLETONS, SHARED_BY_REMOTES };
