import { createGlobalStyle } from 'styled-components';

/** The attribute that marks the SMT dashboard: the only thing a print of the page shows. */
export const PRINT_AREA = 'data-smt-print-area';

/**
 * The print view for a board pack: one A4 page in portrait. Everything but the dashboard (the
 * shell's header and tabs) and the dashboard's controls leave the page; text set in rem shrinks
 * with the root size; the department chart gives way to a short table. Elements marked
 * `data-print="only"` show in print alone, `data-print="hide"` on screen alone.
 */
export const PrintStyles = createGlobalStyle`
  [data-print='only'] { display: none; }

  @media print {
    @page { size: A4 portrait; margin: 10mm; }
    html { font-size: 10px; }
    html, body { background: #fff; line-height: 1.3; }
    body *:not([${PRINT_AREA}]):not([${PRINT_AREA}] *):not(:has([${PRINT_AREA}])) { display: none !important; }
    body *:has([${PRINT_AREA}]) { margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; background: none !important; }
    [data-print='hide'] { display: none !important; }
    [data-print='only'] { display: block; }
    [${PRINT_AREA}] { font-size: 1rem; }
    [${PRINT_AREA}] section { padding: 2.5mm 3mm; box-shadow: none; break-inside: avoid; }
    [${PRINT_AREA}] li { padding-top: 0; padding-bottom: 0; }
    [${PRINT_AREA}] th, [${PRINT_AREA}] td { padding: 0.3mm 1.5mm; }
    [${PRINT_AREA}] * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  }
`;
