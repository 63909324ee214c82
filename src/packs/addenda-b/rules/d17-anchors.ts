// D-17 anchors and hash hygiene (L2742-2773).
import type { Rule } from './rule.js';
import { present } from './shared/util.js';

const LOCATORS = ['section_id', 'field_path', 'citation_ref', 'row_id', 'cell_ref'];

export const structuredAnchorEmpty: Rule = {
  meta: {
    code: 'validation.structured_anchor_empty',
    section: 'D-17',
    seedLine: 2770,
    title: 'A structured anchor locates nothing',
    remediation: `Populate at least one of ${LOCATORS.join(', ')}.`,
  },
  check(b, report) {
    for (const r of b.of('StructuredAnchor'))
      if (!LOCATORS.some((f) => present(r.data[f])))
        report(r, `StructuredAnchor populates none of ${LOCATORS.join(', ')}.`);
  },
};
