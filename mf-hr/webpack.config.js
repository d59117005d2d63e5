const { createRemoteConfig } = require('@tht/webpack-config');

module.exports = createRemoteConfig({
  name: 'mf_hr',
  appDir: __dirname,
  exposes: { './HrView': './src/dashboard/HrView' },
  sharedWithRemotes: ['@tht/ui/charts'],
});
