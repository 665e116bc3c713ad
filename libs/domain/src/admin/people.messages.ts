// Texts of the people side of the admin panel (users, seller invites) and of the seller-interest call. The spec
// (docs/console.md) names none of them except where marked; these are ours.

/** Messages of suspending users, seller interest and seller invites. */
export const PEOPLE_MESSAGES = {
  userSuspended: 'User suspended.',
  userReactivated: 'User unsuspended.',
  userNotFound: 'User not found.',
  /** An admin suspending their own account would lock the console's last door behind them. */
  cannotSuspendSelf: 'You cannot suspend your own account.',
  sellerNotFound: 'One or more of the selected sellers no longer exist. Reload the list and try again.',
  /** Every selected seller is onboarded already: nothing to invite. */
  allOnboarded: 'The selected sellers are already onboarded.',
  interestRecorded: 'Your interest has been recorded.',
  interestAlreadyRecorded: 'Your interest is already recorded. We will e-mail you an invitation.',
} as const;

/** The answer to a bulk invite: how many invites were queued, and how many onboarded sellers were left out. */
export function invitesSentMessage(invited: number, skippedOnboarded = 0): string {
  const sent = `Invites sent to ${invited} ${invited === 1 ? 'seller' : 'sellers'}.`;
  if (skippedOnboarded === 0) return sent;
  return `${sent} ${skippedOnboarded} already onboarded ${skippedOnboarded === 1 ? 'seller was' : 'sellers were'} left out.`;
}
