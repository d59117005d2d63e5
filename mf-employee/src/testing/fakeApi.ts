export { fakeApi, reply, type ApiCall, type FakeRoutes } from '@tht/ui/testing';
