const { createRemoteConfig } = require('@tht/webpack-config');

module.exports = createRemoteConfig({
  name: 'mf_admin',
  appDir: __dirname,
  exposes: { './AdminPanel': './src/panel/AdminPanel' },
});
