const { createRemoteConfig } = require('@tht/webpack-config');

module.exports = createRemoteConfig({
  name: 'mf_manager',
  appDir: __dirname,
  exposes: { './ManagerView': './src/dashboard/ManagerView' },
  sharedWithRemotes: ['@tht/ui/charts'],
});
