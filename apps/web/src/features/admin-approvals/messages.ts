import { defineMessages } from '../../lib/i18n';

/** The console's two-person approval namespace. */
const en = {
  nav: {
    approvals: 'Approvals',
    waiting_one: ', {{count}} waiting for your approval',
    waiting_other: ', {{count}} waiting for your approval',
  },
  page: {
    title: 'Approvals',
    intro:
      'Money actions above the threshold wait here for a second person. Approve one and it happens at once, exactly once; reject it with a reason. Nobody decides their own request.',
    show: 'Show',
    views: { waiting: 'Waiting', applied: 'Approved', failed: 'Approved, but refused', rejected: 'Rejected', expired: 'Expired' },
    caption: 'Requests for approval',
    requested: 'Asked',
    what: 'What would happen',
    who: 'Asked by',
    state: 'State',
    actions: 'Actions',
    review: 'Review',
    emptyTitle: 'Nothing waits',
    emptyBody: 'When a money action passes the threshold, it waits here for a second person.',
  },
  states: { requested: 'Waiting', applied: 'Approved', failed: 'Approved, but refused', rejected: 'Rejected', expired: 'Expired' },
  describe: {
    credit: 'Adjust {{member}}’s wallet by +{{amount}}',
    debit: 'Adjust {{member}}’s wallet by −{{amount}}',
    reason: 'Reason: {{reason}}',
  },
  decide: {
    title: 'Request for approval',
    askedBy: 'Asked by {{who}}, {{when}}',
    expires: 'Expires {{when}}',
    decidedBy: 'Decided by {{who}}, {{when}}',
    why: 'Why: {{reason}}',
    own: 'This is your own request: another person must decide it.',
    notYours: 'Your console role cannot decide this request.',
    approve: 'Approve and do it',
    reject: 'Reject',
    rejectReason: 'Reason for rejecting',
    rejectHint: 'The person who asked reads it.',
    back: 'Back',
    approved: 'Approved: done.',
    failed: 'Approved, but the action was refused: {{reason}}',
    rejected: 'Rejected.',
  },
  settings: {
    title: 'Approval threshold',
    intro: 'Money actions above this amount need a second person. Leave it empty to turn approvals off.',
    threshold: 'Threshold',
    thresholdHint: 'Actions of more than this wait for approval.',
    hours: 'A request expires after (hours)',
    review: 'Review the change',
    confirmTitle: 'Change the approval settings?',
    off: 'Off',
    confirm: 'Save',
    cancel: 'Back',
    saved: 'Approval settings saved.',
    invalid: 'Enter an amount, or leave it empty.',
  },
};

export const useAdminApprovalsMessages = defineMessages('adminApprovals', { en });
export type AdminApprovalsMessages = typeof en;
export type AdminApprovalsT = ReturnType<typeof useAdminApprovalsMessages>['t'];
