export { DataTable as EntryTable, TableScroll } from '@tht/ui';
