const { createRemoteConfig } = require('@tht/webpack-config');

module.exports = createRemoteConfig({
  name: 'mf_employee',
  appDir: __dirname,
  exposes: {
    './MyDashboard': './src/dashboard/MyDashboard',
    './AddEntry': './src/add-entry/AddEntry',
  },
});
