// Helpers for the component tests of every front end (`@tht/ui/testing`); never part of a bundle.
export { fakeApi, reply, type ApiCall, type FakeRoutes } from './fakeApi';
export { renderWithUi } from './renderWithUi';
export { aUser, aSession, aFormField, aSource } from './fixtures';
