// Webpack factories for the federated front end: one for the host (shell), one for each remote.
// An app's webpack.config.js calls one of them with its name and folder.
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
  'zod',
  '@tht/ui',
  '@tht/contracts',
];

// Looked up through node_modules folders rather than require.resolve, because some packages'
// "exports" hide their package.json.
function installedVersion(packageName, appDir) {
  for (let dir = appDir; ; dir = path.dirname(dir)) {
    const manifestPath = path.join(dir, 'node_modules', packageName, 'package.json');
    if (fs.existsSync(manifestPath)) return JSON.parse(fs.readFileSync(manifestPath, 'utf8')).version;
    if (dir === path.dirname(dir)) throw new Error(`${packageName} is not installed for ${appDir}`);
  }
}

function sharedSingletons(appDir) {
  return Object.fromEntries(
    SINGLETONS.map((key) => {
      const packageName = key.endsWith('/') ? key.slice(0, -1) : key;
      const version = installedVersion(packageName, appDir);
      return [key, { singleton: true, version, requiredVersion: `^${version}` }];
    }),
  );
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
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
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
    entry: { main: './src/index.ts' },
    plugins: [
      new ModuleFederationPlugin({
        name,
        remotes: {},
        shared: sharedSingletons(appDir),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
      }),
      new HtmlWebpackPlugin({
        title,
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
 */
function createRemoteConfig({ name, appDir, exposes }) {
  return (_env, argv) => ({
    ...baseConfig({ appDir, mode: modeOf(argv), publicPath: 'auto' }),
    entry: {},
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(appDir),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
      }),
    ],
  });
}

module.exports = { createHostConfig, createRemoteConfig, SINGLETONS };
