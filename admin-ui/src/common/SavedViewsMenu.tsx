/** Saved views of a list (issue 19): built in the saved-views work; renders nothing until then. */
export function SavedViewsMenu(_props: { resource: string }) {
  return null;
}
