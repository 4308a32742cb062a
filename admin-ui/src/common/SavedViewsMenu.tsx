import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Popover,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useListContext, useNotify } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { SavedView, SavedViewInput, SavedViewResource } from '@relining/contracts/api/saved-views';
import { SAVED_VIEW_MESSAGES, SAVED_VIEW_NAME_MAX } from '@relining/contracts/api/saved-views';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import { Toast } from './Toast';

const viewsPath = (resource: string) => `/admin/saved-views?filter=${encodeURIComponent(JSON.stringify({ resource }))}&range=${encodeURIComponent('[0,499]')}`;
const viewPath = (id: string) => `/admin/saved-views/${encodeURIComponent(id)}`;

/** The server's message for one field of a refused request, if it named that field. */
function fieldError(caught: unknown, field: string): string | undefined {
  return caught instanceof ApiError ? caught.errors.find((error) => error.field === field)?.message : undefined;
}

/**
 * Saved views of a console list (issue 19): react-admin's "saved queries", kept on the server per
 * user so they follow the person to any browser. Sits first in a list's TopToolbar: 'Saved views'
 * opens the user's views of this list (the default starred); choosing one applies its filter (showing
 * the filter inputs it uses) and sort. 'Save current view…' keeps the list's filter and sort under a
 * name. A list opened with no filter in its address gets the user's default view for it, once.
 */
export function SavedViewsMenu({ resource }: { resource: string }) {
  const { filterValues, displayedFilters, setFilters, sort, setSort } = useListContext();
  const notify = useNotify();
  const location = useLocation();
  const [views, setViews] = useState<SavedView[] | undefined>(undefined);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const menuId = useId();
  /** Whether the list opened with a filter of its own in the address (a link, a bookmark): then no default is applied. */
  const openedWithFilter = useRef(new URLSearchParams(location.search).has('filter'));
  const defaultApplied = useRef(false);

  const load = useCallback(async () => {
    try {
      setViews(await session.call<SavedView[]>(viewsPath(resource)));
    } catch (caught) {
      setViews([]);
      notify(<Toast title="Saved views could not be loaded" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    }
  }, [resource, notify]);

  useEffect(() => {
    void load();
  }, [load]);

  const apply = useCallback(
    (view: SavedView) => {
      const shown = { ...(displayedFilters as Record<string, boolean>) };
      for (const key of Object.keys(view.filter)) shown[key] = true;
      setFilters(view.filter, shown);
      if (view.sort) setSort(view.sort);
    },
    [displayedFilters, setFilters, setSort],
  );

  // The default view, once, when the list opened without a filter in its address.
  useEffect(() => {
    if (!views || defaultApplied.current) return;
    defaultApplied.current = true;
    const preferred = views.find((view) => view.isDefault);
    if (preferred && !openedWithFilter.current) apply(preferred);
  }, [views, apply]);

  const choose = (view: SavedView) => {
    setAnchor(null);
    apply(view);
  };

  const toggleDefault = async (view: SavedView) => {
    try {
      await session.call<SavedView>(viewPath(view.id), { method: 'PUT', body: { isDefault: !view.isDefault } });
      notify(
        <Toast
          title={view.isDefault ? 'Default view removed' : 'Default view set'}
          description={view.isDefault ? undefined : `“${view.name}” opens with this list.`}
        />,
        {
          type: 'success',
        },
      );
    } catch (caught) {
      notify(<Toast title="The view could not be changed" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    }
    await load();
  };

  const remove = async (view: SavedView) => {
    setDeleting(null);
    try {
      await session.call<SavedView>(viewPath(view.id), { method: 'DELETE' });
      notify(<Toast title="View deleted" description={`“${view.name}” is no longer saved.`} />, { type: 'success' });
    } catch (caught) {
      notify(<Toast title="The view could not be deleted" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    }
    await load();
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksOutlinedIcon />}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Saved views
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <List id={menuId} role="menu" aria-label="Saved views" dense>
          {views === undefined ? (
            <ListItem>
              <ListItemText secondary="Loading views…" />
            </ListItem>
          ) : views.length === 0 ? (
            <ListItem>
              <ListItemText secondary="No saved views for this list yet." />
            </ListItem>
          ) : (
            views.map((view) => (
              <ListItem
                key={view.id}
                disablePadding
                role="none"
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    <Tooltip title={view.isDefault ? 'The default for this list (click to remove)' : 'Make this the default for this list'}>
                      <IconButton
                        size="small"
                        aria-label={view.isDefault ? `Stop opening the list with “${view.name}”` : `Make “${view.name}” the default`}
                        aria-pressed={view.isDefault}
                        onClick={() => void toggleDefault(view)}
                      >
                        {view.isDefault ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete this view">
                      <IconButton size="small" edge="end" aria-label={`Delete “${view.name}”`} onClick={() => setDeleting(view)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                }
                sx={{ pr: 10 }}
              >
                <ListItemButton role="menuitem" onClick={() => choose(view)} sx={{ pr: 10 }}>
                  <ListItemIcon sx={{ minWidth: 28 }}>{view.isDefault ? <StarIcon fontSize="small" color="warning" /> : null}</ListItemIcon>
                  <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true } }} />
                </ListItemButton>
              </ListItem>
            ))
          )}
          <Divider component="li" role="separator" />
          <ListItem disablePadding role="none">
            <ListItemButton
              role="menuitem"
              onClick={() => {
                setAnchor(null);
                setSaving(true);
              }}
            >
              <ListItemText primary="Save current view…" />
            </ListItemButton>
          </ListItem>
        </List>
      </Popover>
      {saving ? (
        <SaveViewDialog
          resource={resource as SavedViewResource}
          filter={filterValues as Record<string, unknown>}
          sort={sort.field ? { field: sort.field, order: sort.order === 'DESC' ? 'DESC' : 'ASC' } : null}
          onClose={() => setSaving(false)}
          onSaved={(view) => {
            setSaving(false);
            notify(<Toast title="View saved" description={`“${view.name}” is in Saved views.`} />, { type: 'success' });
            void load();
          }}
        />
      ) : null}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby={`${menuId}-delete-title`}>
        <DialogTitle id={`${menuId}-delete-title`}>Delete this view?</DialogTitle>
        <DialogContent>
          <Typography>“{deleting?.name}” will no longer be saved. The list's records are not changed.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => deleting && void remove(deleting)}>
            Delete view
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function SaveViewDialog({
  resource,
  filter,
  sort,
  onClose,
  onSaved,
}: {
  resource: SavedViewResource;
  filter: Record<string, unknown>;
  sort: SavedView['sort'];
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}) {
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(SAVED_VIEW_MESSAGES.nameRequired);
      return;
    }
    setBusy(true);
    try {
      const body: SavedViewInput = { resource, name: name.trim(), filter, sort, isDefault };
      onSaved(await session.call<SavedView>('/admin/saved-views', { method: 'POST', body }));
    } catch (caught) {
      setError(fieldError(caught, 'name') ?? errorMessage(caught, 'The view could not be saved. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Save current view</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Keeps this list's filters and sort under a name, for you only, in any browser.
          </Typography>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            autoFocus
            fullWidth
            required
            error={error !== undefined}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX } }}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />}
            label="Make this the default for this list"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save view
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
