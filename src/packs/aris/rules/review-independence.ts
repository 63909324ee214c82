import type { CodeDef } from '../../../model/finding.js';
import { quoteValue } from '../../../render/sanitize.js';
import { ARIS } from '../codes.js';
import {
  checkIndependence,
  independenceIssueString,
  type IndependenceIssue,
} from '../independence.js';
import type { ArtifactContext, ArtifactRule } from './context.js';

export const reviewIndependence: ArtifactRule = {
  meta: {
    name: 'review-independence',
    description:
      'The declared review independence agrees with the executor and reviewer model families and the acceptance status.',
    codes: [
      ARIS.missingField,
      ARIS.invalidReviewIndependence,
      ARIS.unrecognizedModelFamily,
      ARIS.executorFamilyMismatch,
      ARIS.reviewerFamilyMismatch,
      ARIS.sameFamilyMismatch,
      ARIS.crossFamilyMismatch,
      ARIS.deterministicMismatch,
      ARIS.acceptanceStatusMismatch,
    ],
  },
  check(ctx) {
    const independence = checkIndependence(ctx.data);
    ctx.independence = independence.label;
    for (const ii of independence.issues) {
      const [def, line] = independenceFinding(ii, ctx.lineOf);
      ctx.issue(def, independenceMessage(ii, ctx.rel), independenceIssueString(ii), line ?? 1);
    }
  },
};

function independenceFinding(
  i: IndependenceIssue,
  lineOf: ArtifactContext['lineOf'],
): [CodeDef, number | undefined] {
  switch (i.kind) {
    case 'missing_field':
      return [ARIS.missingField, lineOf(i.field)];
    case 'invalid_review_independence':
      return [ARIS.invalidReviewIndependence, lineOf('review_independence')];
    case 'unrecognized_model_family':
      return [ARIS.unrecognizedModelFamily, lineOf('executor_model') ?? lineOf('reviewer_model')];
    case 'executor_family_mismatch':
      return [ARIS.executorFamilyMismatch, lineOf('executor_family')];
    case 'reviewer_family_mismatch':
      return [ARIS.reviewerFamilyMismatch, lineOf('reviewer_family')];
    case 'same_family_independence_mismatch':
      return [ARIS.sameFamilyMismatch, lineOf('review_independence')];
    case 'cross_family_independence_mismatch':
      return [ARIS.crossFamilyMismatch, lineOf('review_independence')];
    case 'deterministic_independence_mismatch':
      return [ARIS.deterministicMismatch, lineOf('review_independence')];
    case 'acceptance_status_mismatch':
      return [ARIS.acceptanceStatusMismatch, lineOf('acceptance_status')];
  }
}

function independenceMessage(i: IndependenceIssue, rel: string): string {
  switch (i.kind) {
    case 'missing_field':
      return `${rel} declares review independence but "${i.field}" is missing or empty.`;
    case 'invalid_review_independence':
      return `review_independence ${quoteValue(i.value)} in ${rel} is not same-family, cross-family or deterministic.`;
    case 'unrecognized_model_family':
      return `The model family in ${rel} is not recognised (executor: ${i.executor}, reviewer: ${i.reviewer}).`;
    case 'executor_family_mismatch':
    case 'reviewer_family_mismatch': {
      const role = i.kind === 'executor_family_mismatch' ? 'executor' : 'reviewer';
      return i.absent
        ? `${role}_family is missing in ${rel}; ${role}_model is of family ${i.want}.`
        : `${role}_family ${quoteValue(i.got)} in ${rel} does not match ${role}_model (family ${i.want}).`;
    }
    case 'same_family_independence_mismatch':
      return i.executor === i.reviewer
        ? `${rel} claims a same-family review, but executor_model and reviewer_model are both deterministic.`
        : `${rel} claims a same-family review, but executor_model is of family ${i.executor} and reviewer_model of family ${i.reviewer}.`;
    case 'cross_family_independence_mismatch':
      return i.reviewer === 'deterministic'
        ? `${rel} claims a cross-family review, but reviewer_model is deterministic, not a model of another family.`
        : `${rel} claims a cross-family review, but executor_model and reviewer_model are both of family ${i.executor}.`;
    case 'deterministic_independence_mismatch':
      return `${rel} claims a deterministic review, but reviewer_model is a model of family ${i.reviewer}.`;
    case 'acceptance_status_mismatch':
      return `acceptance_status ${quoteValue(i.got)} in ${rel} should be "${i.want}" for this kind of review.`;
  }
}
