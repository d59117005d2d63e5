export { EntryTable, TableScroll } from '@tht/ui';
