// A remote's own webpack configuration (REMOTE_DIR/webpack.config.js) plus a banner comment with
// BUILD_STAMP in every JavaScript file, written to OUTPUT_DIR. The e2e "remote rebuilt alone" test
// deploys it as a new version of one remote; content hashes change, so do the file names its
// manifest lists.
const path = require('node:path');

const remoteDir = process.env.REMOTE_DIR;
const stamp = process.env.BUILD_STAMP;
const outputDir = process.env.OUTPUT_DIR;
if (!remoteDir || !stamp || !outputDir) throw new Error('REMOTE_DIR, BUILD_STAMP and OUTPUT_DIR must be set');

const { BannerPlugin, Compilation } = require(require.resolve('webpack', { paths: [remoteDir] }));
const remoteConfig = require(path.join(remoteDir, 'webpack.config.js'));

module.exports = async (env, argv) => {
  const config = await (typeof remoteConfig === 'function' ? remoteConfig(env, argv) : remoteConfig);
  return {
    ...config,
    output: { ...config.output, path: outputDir },
    plugins: [
      ...config.plugins,
      // After minification (which would move a /*! comment into a LICENSE file) and before the real
      // content hashes are computed, so the stamp stays in the code and renames the files.
      new BannerPlugin({ banner: `build-stamp ${stamp}`, test: /\.js$/, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }),
    ],
  };
};
