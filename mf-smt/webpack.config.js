const { createRemoteConfig } = require('@tht/webpack-config');

module.exports = createRemoteConfig({
  name: 'mf_smt',
  appDir: __dirname,
  exposes: { './SmtView': './src/dashboard/SmtView' },
  sharedWithRemotes: ['@tht/ui/charts'],
});
