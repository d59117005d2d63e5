import styled, { css } from 'styled-components';

/**
 * Out of sight, still read by screen readers: a 1 px box that clips what it holds. Clipped by
 * `overflow` and `clip-path` of a block box, so content of any width (a whole table) never widens
 * the page; `!important` because it must win over the look of whatever it hides.
 */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px !important;
  height: 1px !important;
  padding: 0 !important;
  margin: -1px !important;
  border: 0 !important;
  overflow: hidden !important;
  clip-path: inset(50%) !important;
  white-space: nowrap !important;
`;

/** Wraps content for screen readers only (a chart's figures table, a hidden heading). */
export const VisuallyHidden = styled.div`
  ${visuallyHidden}
`;
