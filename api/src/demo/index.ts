/** The demo feature's public surface for other features. */
export { DemoRefused, seedDemoOrganisation, type DemoOrganisation } from './demo-organisation';
