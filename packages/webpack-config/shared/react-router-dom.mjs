// react-router-dom 7 is react-router re-exported; both share keys resolve to one module instance.
export * from './react-router.mjs';
