/** Loads /admin-login in place of the current page, which leaves the history. */
export function leaveForLogin(): void {
  window.location.replace('/admin-login');
}
