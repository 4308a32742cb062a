/** The staff Today dashboard (issue 19): built in the dashboard work. */
export function TodayPage() {
  return null;
}
