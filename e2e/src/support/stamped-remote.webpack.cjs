// A remote's own webpack configuration (REMOTE_DIR/webpack.config.js) plus a banner comment with
// BUILD_STAMP in every JavaScript file. The e2e "remote rebuilt alone" test deploys it as a new
// version of one remote; content hashes change, so do the file names its manifest lists.
const path = require('node:path');

const remoteDir = process.env.REMOTE_DIR;
const stamp = process.env.BUILD_STAMP;
if (!remoteDir || !stamp) throw new Error('REMOTE_DIR and BUILD_STAMP must be set');

const { BannerPlugin } = require(require.resolve('webpack', { paths: [remoteDir] }));
const remoteConfig = require(path.join(remoteDir, 'webpack.config.js'));

module.exports = async (env, argv) => {
  const config = await (typeof remoteConfig === 'function' ? remoteConfig(env, argv) : remoteConfig);
  return {
    ...config,
    plugins: [...config.plugins, new BannerPlugin({ banner: `build-stamp ${stamp}`, test: /\.js$/ })],
  };
};
