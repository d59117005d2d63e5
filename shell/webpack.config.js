const { createHostConfig } = require('@tht/webpack-config');

module.exports = createHostConfig({ name: 'shell', appDir: __dirname, title: 'Training Hours Tracker' });
