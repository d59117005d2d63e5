export { fakeApi, reply, type ApiCall } from '@tht/ui/testing';
